package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/words"
)

func mdChronology(m *mdOut, r *Report, details bool) {
	m.printf("## Chronology\n\n")
	entries, before, after := chronology(r, details)
	if ef := r.EarliestFailure; ef != nil {
		m.printf("%s", esc(earliestLine(ef)))
		if ef.Why != "" {
			m.printf(" %s", esc(ef.Why))
		}
		m.printf("\n\n")
		if ef.SkewWarning != "" {
			m.printf("> **Clock skew:** %s\n\n", esc(ef.SkewWarning))
		}
	}
	if before > 0 {
		m.printf("%d earlier entries are not shown.\n\n", before)
	}
	if len(entries) == 0 {
		m.printf("The bundle holds no timeline entries.\n\n")
		return
	}
	var first time.Time
	if ef := r.EarliestFailure; ef != nil {
		first = ef.Entry.Time
	}
	rows := make([][]string, 0, len(entries))
	for i, e := range entries {
		earliest := r.EarliestFailure != nil && before+i == r.EarliestFailure.Index
		mark := strings.TrimSpace(timeline.Marker(e, earliest))
		if earliest {
			mark = "**" + mark + " earliest**"
		}
		msg := esc(e.Message)
		if e.Confidence == "low" {
			msg += " *(low confidence)*"
		}
		when := stamp(e.Time)
		if !first.IsZero() {
			when += " (" + timeline.Offset(e.Time, first) + ")"
		}
		rows = append(rows, []string{mark, when, code(e.Object.String()), esc(e.Layer), esc(e.Reason), msg, esc(loopText(e))})
	}
	m.table([]string{"", "Time (UTC, offset from the earliest failure)", "Object", "Layer", "Reason", "Message", "Repeats"}, rows)
	if after > 0 {
		m.printf("%d later entries are not shown; `-o json` has them all.\n\n", after)
	}
	if o := r.Omitted; o != nil && o.TimelineEntries > 0 {
		m.printf("This report keeps %d entries: those it points at and the first failures; %s left out, `--full` keeps them.\n\n",
			len(r.Timeline), words.Count(o.TimelineEntries, "more was", "more were"))
	}
}

func mdLedger(m *mdOut, r *Report, details bool) {
	m.printf("## Hypothesis ledger\n\n")
	if len(r.Hypotheses) == 0 {
		m.printf("No rule matched the bundle.\n\n")
		return
	}
	shown, hidden := ledger(r, details)
	rows := make([][]string, 0, len(shown))
	for _, h := range shown {
		name := fmt.Sprintf("**#%d %s** on %s<br>%s<br>*%s*", h.Rank, esc(h.Cause), code(h.Subject.String()), esc(elide(h.Summary)), esc(ruleLine(h)))
		if len(h.Members) > 0 {
			name = fmt.Sprintf("**#%d %s**: %s<br>first %s: %s<br>*%s*<br>%s", h.Rank, esc(h.Cause), esc(h.Extent),
				code(h.Subject.String()), esc(elide(h.Summary)), esc(ruleLine(h)), mdMembers(h, details))
		}
		rows = append(rows, []string{name, mdEvidence(h.Supporting, h.SupportingOmitted, details),
			mdEvidence(h.Contradicting, h.ContradictingOmitted, details), esc(h.NextCheck), esc(mdLedgerStatus(h))})
	}
	m.table([]string{"Hypothesis", "Supporting evidence", "Contradicting evidence", "Next read-only check", "Status"}, rows)
	if hidden > 0 {
		m.printf("%d more hypotheses, mostly history or contradicted, are not shown; `--details` or `-o json` lists them.\n\n", hidden)
	}
}

func mdRepair(m *mdOut, r *Report) {
	m.printf("## Repair contract\n\n")
	h, why := repairFor(r)
	if why != "" {
		m.printf("%s\n\n", esc(why))
		return
	}
	m.printf("For **#%d %s** on %s. rift never performs it.\n\n", h.Rank, esc(h.Cause), code(h.Subject.String()))
	rp := h.Repair
	m.printf("- **Owner:** %s\n- **Change:** %s\n", esc(rp.Owner), esc(rp.Action))
	m.printf("- **Preconditions:**%s\n", mdList(rp.Preconditions))
	m.printf("- **Stop conditions:**%s\n", mdList(rp.StopConditions))
	m.printf("- **Rollback:** %s\n", esc(rp.Rollback))
	m.printf("- **Acceptance:**%s\n\n", mdAcceptance(rp.Acceptance))
}

func mdList(items []string) string {
	if len(items) == 0 {
		return " -"
	}
	var b strings.Builder
	for _, s := range items {
		b.WriteString("\n  - " + esc(s))
	}
	return b.String()
}

func mdAcceptance(as []hypothesis.Acceptance) string {
	items := make([]string, len(as))
	for i, a := range as {
		items[i] = a.Layer + ": " + a.Check
	}
	return mdList(items)
}

func mdVerification(m *mdOut, r *Report) {
	m.printf("## Verification\n\n")
	if len(r.Verification) == 0 {
		m.printf("No acceptance checks: there is no supported repair to verify.\n\n")
		return
	}
	rows := make([][]string, len(r.Verification))
	for i, a := range r.Verification {
		rows[i] = []string{esc(a.Layer), esc(a.Check)}
	}
	m.table([]string{"Layer", "Check"}, rows)
}

func mdResidual(m *mdOut, r *Report) {
	m.printf("## Residual risks\n\n")
	if len(r.Residual) == 0 {
		m.printf("None recorded.\n")
		return
	}
	for _, s := range r.Residual {
		m.printf("- %s\n", esc(s))
	}
}

// mdMembers lists a group's members in one cell, each with its status.
func mdMembers(h hypothesis.Hypothesis, details bool) string {
	shown, more := limitMembers(h.Members, details)
	parts := make([]string, 0, len(shown)+1)
	for _, m := range shown {
		s := code(m.Subject.String()) + " " + esc(m.Status)
		if m.Owner != nil {
			s += " (of " + code(m.Owner.String()) + ")"
		}
		parts = append(parts, s)
	}
	if more > 0 {
		parts = append(parts, fmt.Sprintf("(%d more; `--details` lists them)", more))
	}
	return "members: " + strings.Join(parts, "<br>")
}

// mdLedgerStatus is the status column: a resolved hypothesis says when it
// stopped.
func mdLedgerStatus(h hypothesis.Hypothesis) string {
	if h.ResolvedAt != nil {
		return h.Status + " (stopped by " + h.ResolvedAt.UTC().Format(time.RFC3339) + ")"
	}
	return h.Status
}
