package report

import (
	"strconv"
	"strings"
)

// elideOver is the length above which a bracketed value in a message is
// elided in the text and Markdown reports. It is long enough to keep a
// structured log line, a probe or a container as evidence whole (the
// recorded fixtures' longest is an 830-character access log), and short
// enough to drop a pod template dumped by an admission or immutability
// error (2 to 5 KB).
const elideOver = 1000

// elide shortens the long bracketed values that API server and controller
// messages embed: the Go dump of a whole pod template in "field is
// immutable", a JSON patch, a list of every container. Each outermost
// {...} or [...] span longer than elideOver characters becomes its first
// and last characters around a count of what was left out, so that the
// sentence around it (the field, the verdict) stays readable. Brackets
// inside double-quoted strings do not count, and an unbalanced span is
// kept whole. The JSON report keeps every message as captured.
func elide(s string) string {
	if len(s) <= elideOver || !strings.ContainsAny(s, "{[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '{' && c != '[' {
			b.WriteByte(c)
			i++
			continue
		}
		end := closing(s, i)
		if end < 0 || end-i+1 <= elideOver {
			if end < 0 {
				end = i
			}
			b.WriteString(s[i : end+1])
			i = end + 1
			continue
		}
		n := end - i - 1
		b.WriteString(s[i : i+1])
		b.WriteString("… " + strconv.Itoa(n) + " characters …")
		b.WriteByte(s[end])
		i = end + 1
	}
	return b.String()
}

// closing returns the index of the bracket that closes the one at open,
// or -1 when the span never closes.
func closing(s string, open int) int {
	depth, quoted := 0, false
	for i := open; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
