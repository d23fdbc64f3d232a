package report

import (
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
)

// The bounds of the default report. At 100k objects the full report is
// hundreds of megabytes, nearly all of it the detail of converged
// workloads, the timeline and long evidence lists; these bounds keep what
// a person reads (every workload's verdict, the detail of every workload
// that has not converged, the ledger, the failures) and count the rest.
// A full report (rift analyze --full) has no bounds.
const (
	// briefEvidence bounds each evidence list: a hypothesis's supporting
	// and contradicting evidence, a layer's, a stage's.
	briefEvidence = 20
	// briefDivergences and briefPods bound a workload's lists.
	briefDivergences = 20
	briefPods        = 50
	// briefConverged is how many converged workloads keep their stages,
	// layers, divergences and pods; the rest are listed by verdict.
	briefConverged = 50
	// briefTimeline is how many timeline entries the report keeps beyond
	// those it points at (briefTimelineOf).
	briefTimeline = 2000
)

// Brief returns the default report: r with the lists above bounded, and
// what was left out counted beside each list and, in total, in Omitted.
// Group members keep their subject, owner, status and summary; their own
// evidence and links are left out (the entry holds their union). A report
// within every bound comes back unchanged but for the members. r is not
// modified; Brief is deterministic.
func Brief(r *Report) *Report {
	out := *r
	var om Omitted
	out.Hypotheses = make([]hypothesis.Hypothesis, len(r.Hypotheses))
	for i, h := range r.Hypotheses {
		h.Supporting, h.SupportingOmitted = bound(h.Supporting, briefEvidence)
		h.Contradicting, h.ContradictingOmitted = bound(h.Contradicting, briefEvidence)
		om.Evidence += h.SupportingOmitted + h.ContradictingOmitted
		if len(h.Members) > 0 {
			ms := make([]hypothesis.Member, len(h.Members))
			for j, m := range h.Members {
				m.Supporting, m.Contradicting, m.Explains, m.ExplainedBy = nil, nil, nil, nil
				ms[j] = m
			}
			h.Members = ms
		}
		out.Hypotheses[i] = h
	}
	out.Workloads = make([]layers.Workload, len(r.Workloads))
	converged := 0
	for i, w := range r.Workloads {
		if w.Convergence == layers.Converged {
			if converged++; converged > briefConverged {
				w = layers.Workload{Ref: w.Ref, Convergence: w.Convergence, ConvergenceReason: w.ConvergenceReason,
					Blocker: w.Blocker, Stages: []layers.Stage{}, Layers: []layers.Layer{}, Divergences: []layers.Divergence{},
					Owners: w.Owners, Apply: w.Apply, WaitsOn: w.WaitsOn, DetailOmitted: true}
				om.WorkloadDetails++
			}
		}
		out.Workloads[i] = briefWorkload(w, &om)
	}
	briefTimelineOf(r, &out, &om)
	if om != (Omitted{}) {
		out.Omitted = &om
	}
	return &out
}

// briefWorkload bounds one workload's evidence, divergences and pods.
func briefWorkload(w layers.Workload, om *Omitted) layers.Workload {
	stages := make([]layers.Stage, len(w.Stages))
	for i, s := range w.Stages {
		s.Evidence, s.EvidenceOmitted = bound(s.Evidence, briefEvidence)
		om.Evidence += s.EvidenceOmitted
		stages[i] = s
	}
	w.Stages = stages
	ls := make([]layers.Layer, len(w.Layers))
	for i, l := range w.Layers {
		l.Evidence, l.EvidenceOmitted = bound(l.Evidence, briefEvidence)
		om.Evidence += l.EvidenceOmitted
		ls[i] = l
	}
	w.Layers = ls
	w.Divergences, w.DivergencesOmitted = bound(w.Divergences, briefDivergences)
	w.Pods, w.PodsOmitted = bound(w.Pods, briefPods)
	om.Divergences += w.DivergencesOmitted
	om.Pods += w.PodsOmitted
	return w
}

// bound returns at most n items of s and how many it left out. The items
// are s's own (shared, never written).
func bound[T any](s []T, n int) ([]T, int) {
	if len(s) <= n {
		return s, 0
	}
	return s[:n:n], len(s) - n
}
