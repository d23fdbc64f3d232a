package timeline

import (
	"strings"
	"time"
)

// squashDigits replaces every run of ASCII digits in s with one "#", as
// regexp `[0-9]+` replaced by "#" would, without the regexp machinery: it
// runs once per event and failure. A string without digits is returned
// as is.
func squashDigits(s string) string {
	i := strings.IndexFunc(s, isDigit)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for i < len(s) {
		if !isDigit(rune(s[i])) {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteByte('#')
		for i < len(s) && isDigit(rune(s[i])) {
			i++
		}
	}
	return b.String()
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

// loopReasons are Normal events that only ever come from a retry loop.
var loopReasons = map[string]bool{"BackOff": true}

// collapse folds a retry loop into one entry: every failure event (and
// every back-off) of the same
// object incarnation (UID), container, type and reason whose messages
// differ at most in numbers. The collapsed entry keeps the first
// occurrence's time, so it stays where the loop began, and carries the
// total count and the first and last times. Entries that are not events
// pass through unchanged. collapse reuses in's storage: the result is
// never longer than the input, and in must not be used afterwards.
func collapse(in []Entry) []Entry {
	out := in[:0]
	groups := map[string]int{}
	for _, e := range in {
		if e.Source != SourceEvent || !(e.Failure || loopReasons[e.Reason]) {
			out = append(out, e)
			continue
		}
		id := e.UID
		if id == "" {
			id = e.Object.String()
		}
		key := id + "\x00" + e.Container + "\x00" + e.Type + "\x00" + e.Reason + "\x00" + squashDigits(e.Message)
		i, ok := groups[key]
		if !ok {
			groups[key] = len(out)
			out = append(out, e)
			continue
		}
		out[i] = fold(out[i], e)
	}
	return out
}

// fold merges b into a. The earlier occurrence leads: its message and
// precision describe the start of the loop.
func fold(a, b Entry) Entry {
	count := max(a.Count, 1) + max(b.Count, 1)
	first, last := span(a)
	bf, bl := span(b)
	if bf.Before(first) {
		a.Time, a.Precision, a.Message, a.File = b.Time, b.Precision, b.Message, b.File
		first = bf
	}
	if bl.After(last) {
		last = bl
	}
	a.Count, a.FirstTime, a.LastTime = count, ptr(first), ptr(last)
	a.Workloads = unionRefs(a.Workloads, b.Workloads)
	return a
}

func span(e Entry) (time.Time, time.Time) {
	first, last := e.Time, e.Time
	if e.FirstTime != nil {
		first = *e.FirstTime
	}
	if e.LastTime != nil {
		last = *e.LastTime
	}
	return first, last
}
