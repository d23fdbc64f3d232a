package report

import "fmt"

// textChronology writes the timeline from the earliest failure, one entry
// per line group, with a date line whenever the day changes.
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
	day := ""
	for i, e := range entries {
		if d := e.Time.UTC().Format("2006-01-02"); d != day {
			day = d
			t.printf("  %s\n", t.paint(styleDim, d))
		}
		mark, style := " ", styleNone
		if e.Failure {
			mark, style = "✗", styleRed
		}
		if r.EarliestFailure != nil && before+i == r.EarliestFailure.Index {
			mark, style = "▶", styleRed+";"+styleBold
		}
		text := e.Object.String() + " " + e.Reason + ": " + e.Message
		if l := loopText(e); l != "" {
			text += " (" + l + ")"
		}
		if e.Confidence == "low" {
			text += " [low confidence]"
		}
		t.item(4, e.Time.UTC().Format("15:04:05")+" "+t.paint(style, mark), styleNone, text)
	}
	if after > 0 {
		t.para(2, fmt.Sprintf("(%d later entries not shown; --details or -o json shows them.)", after))
	}
	t.blank()
}
