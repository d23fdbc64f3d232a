package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// textLedger writes one block per hypothesis: rank, status, cause, subject,
// summary, evidence for and against, and the next read-only check.
func textLedger(t *textOut, r *Report, details bool) {
	t.heading("Hypothesis ledger")
	if len(r.Hypotheses) == 0 {
		t.para(2, "No rule matched the bundle.")
	}
	shown, hidden := ledger(r, details)
	for i, h := range shown {
		if i > 0 {
			t.blank()
		}
		t.flow(2, 0, "", []cell{{text: fmt.Sprintf("#%d", h.Rank), style: styleBold},
			{text: h.Status, style: hypothesisStyle(h.Status)}, {text: h.Cause, style: styleBold}, {text: entrySubject(h)}})
		t.para(5, entrySummary(h)+" ("+ruleLine(h)+")")
		if h.ResolvedAt != nil {
			t.para(5, "history: stopped by "+h.ResolvedAt.UTC().Format(time.RFC3339)+", when the subject converged")
		}
		textEvidence(t, "+", styleGreen, h.Supporting, h.SupportingOmitted, details)
		textEvidence(t, "-", styleRed, h.Contradicting, h.ContradictingOmitted, details)
		textMembers(t, h, details)
		if len(h.ExplainedBy) > 0 {
			t.kv(5, 12, "explained by", styleNone, strings.Join(h.ExplainedBy, ", "))
		}
		t.kv(5, 11, "next check", styleCyan, orDash(h.NextCheck))
	}
	if hidden > 0 {
		t.blank()
		t.para(2, fmt.Sprintf("(%d more hypotheses, mostly history or contradicted, not shown; --details or -o json shows them.)", hidden))
	}
	t.blank()
}

// textEvidence writes a hypothesis's evidence list; omitted is what the
// report itself left out (Brief), which --details cannot show.
func textEvidence(t *textOut, bullet, style string, evs []evidence.Evidence, omitted int, details bool) {
	shown, more := limitEvidence(evs, details)
	for _, e := range shown {
		t.item(5, bullet, style, evidenceText(e))
	}
	if line := moreLine(more, omitted); line != "" {
		t.para(7, line)
	}
}

// textMembers lists a group's members, each with its own status.
func textMembers(t *textOut, h hypothesis.Hypothesis, details bool) {
	shown, more := limitMembers(h.Members, details)
	for i, m := range shown {
		key := ""
		if i == 0 {
			key = "members"
		}
		t.kv(5, 12, key, styleNone, memberLine(m))
	}
	if more > 0 {
		t.para(18, fmt.Sprintf("(%d more; --details shows them)", more))
	}
}

func hypothesisStyle(s string) string {
	switch s {
	case hypothesis.Supported:
		return styleRed + ";" + styleBold
	case hypothesis.Open:
		return styleAmber
	}
	return styleDim
}

// textRepair writes the repair contract of the top hypothesis.
func textRepair(t *textOut, r *Report) {
	t.heading("Repair contract")
	h, why := repairFor(r)
	if why != "" {
		t.para(2, why)
		t.blank()
		return
	}
	t.para(2, fmt.Sprintf("For #%d %s on %s. rift never performs it.", h.Rank, h.Cause, h.Subject.String()))
	const k = 13
	t.kv(2, k, "owner", styleBold, orDash(h.Repair.Owner))
	t.kv(2, k, "change", styleNone, orDash(h.Repair.Action))
	textList(t, k, "preconditions", h.Repair.Preconditions)
	textList(t, k, "stop when", h.Repair.StopConditions)
	t.kv(2, k, "rollback", styleNone, orDash(h.Repair.Rollback))
	for i, a := range h.Repair.Acceptance {
		key := ""
		if i == 0 {
			key = "acceptance"
		}
		t.kv(2, k, key, styleNone, a.Layer+": "+a.Check)
	}
	t.blank()
}

func textList(t *textOut, k int, key string, items []string) {
	if len(items) == 0 {
		t.kv(2, k, key, styleNone, "-")
	}
	for i, s := range items {
		if i > 0 {
			key = ""
		}
		t.kv(2, k, key, styleNone, "• "+s)
	}
}

func textVerification(t *textOut, r *Report) {
	t.heading("Verification")
	if len(r.Verification) == 0 {
		t.para(2, "No acceptance checks: there is no supported repair to verify.")
	}
	for _, a := range r.Verification {
		t.kv(2, 12, a.Layer, styleNone, a.Check)
	}
	t.blank()
}

func textResidual(t *textOut, r *Report) {
	t.heading("Residual risks")
	if len(r.Residual) == 0 {
		t.para(2, "None recorded.")
	}
	for _, s := range r.Residual {
		t.item(2, "-", styleAmber, s)
	}
}
