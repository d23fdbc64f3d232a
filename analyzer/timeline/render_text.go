package timeline

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mattn/go-runewidth"
)

// TextOptions shape the text form of a timeline.
type TextOptions struct {
	// Width is the terminal width in columns; below 60 it is raised to 60.
	Width int
	// Capture is the bundle's capture time, named in the heading.
	Capture time.Time
	// Wrap wraps long objects and messages onto continuation lines
	// instead of shortening them with "…": for output that is not a
	// terminal (a file, a pipe, a CI log), where nothing may be lost.
	Wrap bool
}

// WriteText writes tl as a table that fits opts.Width: the clock (the
// UTC time of day, and the offset from the earliest failure; a line with
// the date whenever the day changes), the layer, the object, the reason
// with its count, and the message. Below 100 columns the layer is left
// out. Marks (Marker): "▶" the earliest failure, "✗" a failure, "~" a
// failure known only from state. rift analyze's chronology uses the same
// marks and clock.
func WriteText(w io.Writer, tl *Timeline, opts TextOptions) error {
	width := max(opts.Width, 60)
	var b strings.Builder
	var first time.Time
	if tl.Earliest != nil {
		first = tl.Earliest.Entry.Time
	}
	head := fmt.Sprintf("Captured %s. Times are UTC", opts.Capture.UTC().Format(time.RFC3339))
	if !first.IsZero() {
		head += ", with the offset from the earliest failure"
	}
	writeWrapped(&b, "", head+".", width)
	if ef := tl.Earliest; ef != nil {
		e := ef.Entry
		writeWrapped(&b, "Earliest failure: ", fmt.Sprintf("%s %s at %s%s", reasonCount(e), e.Object,
			e.Time.UTC().Format(time.RFC3339), lowNote(e)), width)
		writeWrapped(&b, "  why: ", ef.Why, width)
		if ef.SkewWarning != "" {
			writeWrapped(&b, "  clock skew: ", ef.SkewWarning, width)
		}
	} else {
		b.WriteString("Earliest failure: none found.\n")
	}
	b.WriteString("\n")
	layer := width >= 100
	var cols []string
	var widths []int
	rows := make([][]string, len(tl.Entries))
	add := func(name string, cell func(Entry) string, limit int) {
		c := len(cols)
		cols, widths = append(cols, name), append(widths, len(name))
		for i, e := range tl.Entries {
			v := cell(e)
			rows[i] = append(rows[i], v)
			widths[c] = max(widths[c], runewidth.StringWidth(v))
		}
		widths[c] = min(widths[c], limit)
	}
	add("TIME", func(e Entry) string { return strings.TrimRight(Clock(e.Time, first), " ") }, 16)
	if layer {
		add("LAYER", func(e Entry) string { return e.Layer }, 12)
	}
	add("OBJECT", func(e Entry) string { return e.Object.String() }, width)
	add("REASON", reasonCount, min(28, width/5))
	// The object column shares what is left with the message; an object
	// name too long for it loses its middle, so the pod suffix stays (or,
	// with Wrap, goes on on the next line).
	obj := len(cols) - 2
	rest := width - 2
	for c, wd := range widths {
		if c != obj {
			rest -= wd + 2
		}
	}
	widths[obj] = min(widths[obj], max(12, rest*55/100))
	used := 2
	for _, wd := range widths {
		used += wd + 2
	}
	msgWidth := max(width-used, 10)
	line := func(mark string, cells []string, msg string) {
		var more []string // with Wrap: what did not fit, column by column
		b.WriteString(mark)
		for c, v := range cells {
			switch {
			case opts.Wrap:
				head, tail := cut(v, widths[c])
				v = head
				for len(more) <= c {
					more = append(more, "")
				}
				more[c] = tail
			case c == obj:
				v = middleTruncate(v, widths[c])
			default:
				v = runewidth.Truncate(v, widths[c], "…")
			}
			b.WriteString(runewidth.FillRight(v, widths[c]))
			b.WriteString("  ")
		}
		msgLines := []string{runewidth.Truncate(oneLine(msg), msgWidth, "…")}
		if opts.Wrap {
			msgLines = wrapWords(oneLine(msg), msgWidth)
		}
		b.WriteString(msgLines[0])
		b.WriteString("\n")
		for i := 1; i < len(msgLines) || hasMore(more); i++ {
			b.WriteString("  ")
			for c := range cells {
				var head string
				if c < len(more) {
					head, more[c] = cut(more[c], widths[c])
				}
				b.WriteString(runewidth.FillRight(head, widths[c]))
				b.WriteString("  ")
			}
			if i < len(msgLines) {
				b.WriteString(msgLines[i])
			}
			b.WriteString("\n")
		}
	}
	line("  ", cols, "MESSAGE")
	day := ""
	for i, e := range tl.Entries {
		if d := Day(e.Time); d != day {
			day = d
			b.WriteString(d + "\n")
		}
		line(Marker(e, tl.Earliest != nil && tl.Earliest.Index == i)+" ", rows[i], e.Message)
	}
	if len(tl.Gaps) > 0 {
		b.WriteString("\nGaps:\n")
		for _, g := range tl.Gaps {
			writeWrapped(&b, "  - ", g, width)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func reasonCount(e Entry) string {
	if e.Count > 1 {
		return fmt.Sprintf("%s ×%d", e.Reason, e.Count)
	}
	return e.Reason
}

func lowNote(e Entry) string {
	if e.Confidence == ConfidenceLow {
		return ", low confidence: events expired"
	}
	return ""
}
