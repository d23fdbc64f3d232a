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
