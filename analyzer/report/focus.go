package report

import (
	"fmt"
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// Focus returns a copy of r restricted to one workload: that workload, the
// timeline entries of the workload or linked to it, and the ledger entries
// whose subject or evidence cites it, or of which a member's subject or
// owner is it (a group is kept whole). The earliest failure becomes the workload's
// own when the report carries one. Summary, bundle and residual risks stay
// bundle-wide. Matching ignores the API version. r is not modified.
func Focus(r *Report, ref bundle.Ref) (*Report, error) {
	out := *r
	out.Workloads = nil
	for _, w := range r.Workloads {
		if sameObject(w.Ref, ref) {
			out.Workloads = append(out.Workloads, w)
		}
	}
	if len(out.Workloads) == 0 {
		return nil, fmt.Errorf("%s: not a workload of this report (have %s)", ref, workloadNames(r.Workloads))
	}

	// Old timeline positions map to new ones so earliest-failure indexes
	// stay valid after filtering.
	newIndex := make(map[int]int)
	out.Timeline = []timeline.Entry{}
	for i, e := range r.Timeline {
		if entryConcerns(e, ref) {
			newIndex[i] = len(out.Timeline)
			out.Timeline = append(out.Timeline, e)
		}
	}
	out.EarliestFailure = nil
	out.EarliestPerWorkload = nil
	if ef := r.EarliestPerWorkload[out.Workloads[0].Ref.String()]; ef != nil {
		out.EarliestFailure = reindex(ef, newIndex)
	}
	if out.EarliestFailure == nil && r.EarliestFailure != nil {
		out.EarliestFailure = reindex(r.EarliestFailure, newIndex)
	}

	out.Hypotheses = []hypothesis.Hypothesis{}
	for _, h := range r.Hypotheses {
		if sameObject(h.Subject, ref) || cites(h.Supporting, ref) || cites(h.Contradicting, ref) || hasMember(h, ref) {
			out.Hypotheses = append(out.Hypotheses, h)
		}
	}
	// Verification belongs to the top hypothesis shown; as in the full
	// report, only a supported one has checks to verify.
	if len(r.Hypotheses) > 0 && (len(out.Hypotheses) == 0 || out.Hypotheses[0].ID != r.Hypotheses[0].ID) {
		out.Verification = nil
		if len(out.Hypotheses) > 0 && out.Hypotheses[0].Status == hypothesis.Supported {
			out.Verification = out.Hypotheses[0].Repair.Acceptance
		}
	}
	return &out, nil
}

func sameObject(a, b bundle.Ref) bool {
	return a.Kind == b.Kind && a.Namespace == b.Namespace && a.Name == b.Name
}

func entryConcerns(e timeline.Entry, ref bundle.Ref) bool {
	if sameObject(e.Object, ref) {
		return true
	}
	return slices.ContainsFunc(e.Workloads, func(w bundle.Ref) bool { return sameObject(w, ref) })
}

func hasMember(h hypothesis.Hypothesis, ref bundle.Ref) bool {
	return slices.ContainsFunc(h.Members, func(m hypothesis.Member) bool {
		return sameObject(m.Subject, ref) || (m.Owner != nil && sameObject(*m.Owner, ref))
	})
}

func cites(evs []evidence.Evidence, ref bundle.Ref) bool {
	return slices.ContainsFunc(evs, func(e evidence.Evidence) bool {
		return e.Object != nil && sameObject(*e.Object, ref)
	})
}

func workloadNames(ws []layers.Workload) string {
	if len(ws) == 0 {
		return "none"
	}
	names := make([]string, len(ws))
	for i, w := range ws {
		names[i] = w.Ref.String()
	}
	slices.Sort(names)
	return fmt.Sprint(names)
}
