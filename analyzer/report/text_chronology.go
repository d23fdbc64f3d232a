package report

import (
	"fmt"
	"time"

	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/words"
)

// textChronology writes the timeline from the earliest failure, one entry
// per line group, with a date line whenever the day changes. The marks and
// the clock (time of day, offset from the earliest failure) are rift
// timeline's (timeline.Marker, timeline.Clock).
func textChronology(t *textOut, r *Report, details bool) {
	t.heading("Chronology")
	entries, before, after := chronology(r, details)
	if ef := r.EarliestFailure; ef != nil {
		t.para(2, earliestLine(ef))
		if ef.Why != "" {
			t.para(2, ef.Why)
		}
		if ef.SkewWarning != "" {
			t.item(2, "!", styleAmber, ef.SkewWarning)
		}
	}
	if before > 0 {
		t.para(2, fmt.Sprintf("(%d earlier entries not shown; --details shows them.)", before))
	}
	if len(entries) == 0 {
		t.para(2, "The bundle holds no timeline entries.")
	}
	var first time.Time
	if ef := r.EarliestFailure; ef != nil {
		first = ef.Entry.Time
	}
	day := ""
	for i, e := range entries {
		if d := timeline.Day(e.Time); d != day {
			day = d
			t.printf("  %s\n", t.paint(styleDim, d))
		}
		earliest := r.EarliestFailure != nil && before+i == r.EarliestFailure.Index
		mark, style := timeline.Marker(e, earliest), styleNone
		switch {
		case earliest:
			style = styleRed + ";" + styleBold
		case e.Failure:
			style = styleRed
		}
		text := e.Object.String() + " " + e.Reason + ": " + e.Message
		if l := loopText(e); l != "" {
			text += " (" + l + ")"
		}
		if e.Confidence == "low" {
			text += " [low confidence]"
		}
		t.item(4, timeline.Clock(e.Time, first)+" "+t.paint(style, mark), styleNone, text)
	}
	if after > 0 {
		t.para(2, fmt.Sprintf("(%d later entries not shown; --details or -o json shows them.)", after))
	}
	if o := r.Omitted; o != nil && o.TimelineEntries > 0 {
		t.para(2, fmt.Sprintf("(This report keeps %d entries: those it points at and the first failures; %s left out, --full keeps them.)",
			len(r.Timeline), words.Count(o.TimelineEntries, "more was", "more were")))
	}
	t.blank()
}
