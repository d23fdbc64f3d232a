package timeline

import (
	"fmt"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"
)

// middleTruncate shortens s to width by dropping its middle.
func middleTruncate(s string, width int) string {
	if runewidth.StringWidth(s) <= width {
		return s
	}
	rs := []rune(s)
	head := (width - 1) / 2
	tail := width - 1 - head
	for runewidth.StringWidth(string(rs[:head])) > head && head > 0 {
		head--
	}
	for runewidth.StringWidth(string(rs[len(rs)-tail:])) > tail && tail > 0 {
		tail--
	}
	return string(rs[:head]) + "…" + string(rs[len(rs)-tail:])
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// relative formats t as a signed offset from capture: -23m11s is 23
// minutes 11 seconds before capture, +5s after it (clock skew).
func relative(t, capture time.Time) string {
	d := capture.Sub(t)
	sign := "-"
	if d < 0 {
		sign, d = "+", -d
	}
	d = d.Truncate(time.Second)
	if d == 0 {
		return "0s"
	}
	days, d := d/(24*time.Hour), d%(24*time.Hour)
	h, d := d/time.Hour, d%time.Hour
	m, s := d/time.Minute, (d%time.Minute)/time.Second
	switch {
	case days > 0:
		return fmt.Sprintf("%s%dd%dh", sign, days, h)
	case h > 0:
		return fmt.Sprintf("%s%dh%02dm", sign, h, m)
	case m > 0:
		return fmt.Sprintf("%s%dm%02ds", sign, m, s)
	}
	return fmt.Sprintf("%s%ds", sign, s)
}

// writeWrapped writes prefix+s wrapped at width, continuation lines
// indented to the prefix.
func writeWrapped(b *strings.Builder, prefix, s string, width int) {
	indent := strings.Repeat(" ", runewidth.StringWidth(prefix))
	cur := prefix
	for _, word := range strings.Fields(s) {
		if runewidth.StringWidth(cur)+1+runewidth.StringWidth(word) > width && strings.TrimSpace(cur) != strings.TrimSpace(prefix) {
			b.WriteString(strings.TrimRight(cur, " ") + "\n")
			cur = indent
		}
		if cur != prefix && cur != indent {
			cur += " "
		}
		cur += word
	}
	b.WriteString(cur + "\n")
}

// cut splits s after at most width columns, at a "/" or a space when one
// is close enough so that names break where they read well: the head fits
// the width, the tail is what is left ("" when all of s fits).
func cut(s string, width int) (head, tail string) {
	if runewidth.StringWidth(s) <= width {
		return s, ""
	}
	rs := []rune(s)
	n := 0
	for w := 0; n < len(rs); n++ {
		if w += runewidth.RuneWidth(rs[n]); w > width {
			break
		}
	}
	n = max(n, 1) // a column narrower than one rune still moves on
	for i := n; i > n*2/3; i-- {
		if rs[i-1] == '/' || rs[i-1] == ' ' {
			n = i
			break
		}
	}
	return string(rs[:n]), strings.TrimLeft(string(rs[n:]), " ")
}

// hasMore reports whether any column has text left to wrap.
func hasMore(more []string) bool {
	for _, m := range more {
		if m != "" {
			return true
		}
	}
	return false
}

// wrapWords wraps s into lines of at most width columns, breaking between
// words, and a word longer than a line where it must.
func wrapWords(s string, width int) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(s) {
		for runewidth.StringWidth(word) > width {
			if cur != "" {
				out, cur = append(out, cur), ""
			}
			var head string
			head, word = cut(word, width)
			out = append(out, head)
		}
		switch {
		case cur == "":
			cur = word
		case runewidth.StringWidth(cur)+1+runewidth.StringWidth(word) > width:
			out, cur = append(out, cur), word
		default:
			cur += " " + word
		}
	}
	return append(out, cur)
}
