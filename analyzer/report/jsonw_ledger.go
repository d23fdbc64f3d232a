package report

import (
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

func (e *jsonWriter) hypotheses(hs []hypothesis.Hypothesis) {
	e.array(len(hs), hs == nil, 4<<10, func(w *jsonWriter, i int) { w.hypothesis(&hs[i]) })
}

func (e *jsonWriter) hypothesis(h *hypothesis.Hypothesis) {
	e.open('{')
	e.key("rank")
	e.int(int64(h.Rank))
	e.key("id")
	e.str(h.ID)
	e.key("rule")
	e.str(h.Rule)
	e.key("cause")
	e.str(h.Cause)
	e.key("subject")
	e.ref(&h.Subject)
	e.key("status")
	e.str(h.Status)
	e.key("score")
	e.int(int64(h.Score))
	e.key("summary")
	e.str(h.Summary)
	e.key("supporting")
	e.evidence(h.Supporting)
	e.key("contradicting")
	e.evidence(h.Contradicting)
	e.key("nextCheck")
	e.str(h.NextCheck)
	e.key("repair")
	e.open('{')
	e.key("owner")
	e.str(h.Repair.Owner)
	e.key("action")
	e.str(h.Repair.Action)
	e.key("preconditions")
	e.strs(h.Repair.Preconditions)
	e.key("stopConditions")
	e.strs(h.Repair.StopConditions)
	e.key("rollback")
	e.str(h.Repair.Rollback)
	e.key("acceptance")
	e.acceptances(h.Repair.Acceptance)
	e.close('}')
	e.key("explains")
	e.strs(h.Explains)
	e.optStrs("explainedBy", h.ExplainedBy)
	e.optStr("layer", h.Layer)
	if h.FirstFailure != nil {
		e.key("firstFailure")
		e.time(*h.FirstFailure)
	}
	if h.ResolvedAt != nil {
		e.key("resolvedAt")
		e.time(*h.ResolvedAt)
	}
	if len(h.Members) > 0 {
		e.key("members")
		list(e, h.Members, e.ledgerMember)
	}
	e.optStr("extent", h.Extent)
	e.optInt("supportingOmitted", h.SupportingOmitted)
	e.optInt("contradictingOmitted", h.ContradictingOmitted)
	e.close('}')
}

// ledgerMember writes one member of a grouped entry.
func (e *jsonWriter) ledgerMember(m *hypothesis.Member) {
	e.open('{')
	e.key("id")
	e.str(m.ID)
	e.key("subject")
	e.ref(&m.Subject)
	if m.Owner != nil {
		e.key("owner")
		e.ref(m.Owner)
	}
	e.key("status")
	e.str(m.Status)
	e.key("summary")
	e.str(m.Summary)
	e.optStr("nextCheck", m.NextCheck)
	if m.FirstFailure != nil {
		e.key("firstFailure")
		e.time(*m.FirstFailure)
	}
	if m.ResolvedAt != nil {
		e.key("resolvedAt")
		e.time(*m.ResolvedAt)
	}
	if len(m.Supporting) > 0 {
		e.key("supporting")
		e.evidence(m.Supporting)
	}
	if len(m.Contradicting) > 0 {
		e.key("contradicting")
		e.evidence(m.Contradicting)
	}
	e.optStrs("explains", m.Explains)
	e.optStrs("explainedBy", m.ExplainedBy)
	e.close('}')
}

func (e *jsonWriter) acceptances(as []hypothesis.Acceptance) {
	list(e, as, func(a *hypothesis.Acceptance) {
		e.open('{')
		e.key("layer")
		e.str(a.Layer)
		e.key("check")
		e.str(a.Check)
		e.close('}')
	})
}
