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
