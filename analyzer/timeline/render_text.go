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
	// Capture is the bundle's capture time: times are shown relative to it.
	Capture time.Time
}

// WriteText writes tl as a table that fits opts.Width: the time relative to
// capture (and the absolute time when there is room), the layer, the
// object, the reason with its count, and as much of the message as fits.
// Below 100 columns the layer is left out.
// Markers: ">" the earliest failure, "!" a failure, "~" a failure known
// with low confidence.
func WriteText(w io.Writer, tl *Timeline, opts TextOptions) error {
	width := max(opts.Width, 60)
	var b strings.Builder
	writeWrapped(&b, "", fmt.Sprintf("Captured %s; times are relative to capture.", opts.Capture.UTC().Format(time.RFC3339)), width)
	if ef := tl.Earliest; ef != nil {
		e := ef.Entry
		writeWrapped(&b, "Earliest failure: ", fmt.Sprintf("%s %s at %s (%s)%s", reasonCount(e), e.Object, relative(e.Time, opts.Capture),
			e.Time.UTC().Format(time.RFC3339), lowNote(e)), width)
		writeWrapped(&b, "  why: ", ef.Why, width)
		if ef.SkewWarning != "" {
			writeWrapped(&b, "  clock skew: ", ef.SkewWarning, width)
		}
	} else {
		b.WriteString("Earliest failure: none found.\n")
	}
	b.WriteString("\n")
	abs, layer := width >= 150, width >= 100
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
	if abs {
		add("TIME", func(e Entry) string { return e.Time.UTC().Format("2006-01-02T15:04:05Z") }, 20)
	}
	add("WHEN", func(e Entry) string { return relative(e.Time, opts.Capture) }, 8)
	if layer {
		add("LAYER", func(e Entry) string { return e.Layer }, 12)
	}
	add("OBJECT", func(e Entry) string { return e.Object.String() }, width)
	add("REASON", reasonCount, min(28, width/5))
	// The object column shares what is left with the message; an object
	// name too long for it loses its middle, so the pod suffix stays.
	obj := len(cols) - 2
	rest := width - 2
	for c, wd := range widths {
		if c != obj {
			rest -= wd + 2
		}
	}
	widths[obj] = min(widths[obj], max(16, rest*55/100))
	used := 2
	for _, wd := range widths {
		used += wd + 2
	}
	msgWidth := max(width-used, 10)
	line := func(mark string, cells []string, msg string) {
		b.WriteString(mark)
		for c, v := range cells {
			if c == obj {
				v = middleTruncate(v, widths[c])
			} else {
				v = runewidth.Truncate(v, widths[c], "…")
			}
			b.WriteString(runewidth.FillRight(v, widths[c]))
			b.WriteString("  ")
		}
		b.WriteString(runewidth.Truncate(oneLine(msg), msgWidth, "…"))
		b.WriteString("\n")
	}
	line("  ", cols, "MESSAGE")
	for i, e := range tl.Entries {
		line(marker(tl, i, e), rows[i], e.Message)
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

func marker(tl *Timeline, i int, e Entry) string {
	switch {
	case tl.Earliest != nil && tl.Earliest.Index == i:
		return "> "
	case e.Failure && e.Confidence == ConfidenceLow:
		return "~ "
	case e.Failure:
		return "! "
	}
	return "  "
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
