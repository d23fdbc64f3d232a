package hypothesis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/layers"
)

// Verdicts of a Summary.
const (
	VerdictHealthy  = "healthy"
	VerdictDegraded = "degraded"
	VerdictUnknown  = "unknown"
)

// summarize computes the report's lead from the ranked hypotheses:
//
//   - verdict: degraded when any hypothesis is supported; unknown when none
//     is and the bundle holds no objects to judge, pods were not collected,
//     or a rule failed; healthy otherwise, open hypotheses notwithstanding;
//   - impact: the failed user-visible checks, else the workloads that did
//     not converge, else the top supported hypothesis;
//   - earliestCause: the highest-ranked supported hypothesis, which the
//     ranking puts before everything it explains;
//   - mutationNeeded: that hypothesis's repair has an owner other than none.
func summarize(hs []Hypothesis, in Input, ruleFailed bool) Summary {
	var top *Hypothesis
	for i := range hs {
		if hs[i].Status == Supported {
			top = &hs[i]
			break
		}
	}
	s := Summary{Verdict: VerdictHealthy}
	switch {
	case top != nil:
		s.Verdict = VerdictDegraded
		s.EarliestCause = fmt.Sprintf("%s on %s: %s", top.Cause, top.Subject, top.Summary)
		s.MutationNeeded = top.Repair.Owner != OwnerNone
	case ruleFailed || in.Bundle == nil || len(in.Bundle.Objects) == 0 || podsNotCollected(in):
		s.Verdict = VerdictUnknown
	}
	s.Impact = impact(in, top)
	return s
}

func podsNotCollected(in Input) bool {
	for _, n := range in.Bundle.Meta.NotCollected {
		if n.Resource == "pods" && n.Namespace == "" {
			return true
		}
	}
	return false
}

func impact(in Input, top *Hypothesis) string {
	if in.Bundle != nil {
		var failed []string
		for _, c := range in.Bundle.Checks {
			if !c.OK {
				failed = append(failed, strings.TrimSpace(c.Name+" "+c.Target))
			}
		}
		if len(failed) > 0 {
			sort.Strings(failed)
			return "user-visible checks failed: " + strings.Join(failed, ", ")
		}
	}
	var stuck []string
	for _, w := range in.Workloads {
		if w.Convergence == layers.Blocked || w.Convergence == layers.Failed {
			stuck = append(stuck, w.Ref.String()+" "+w.Convergence)
		}
	}
	if len(stuck) > 0 {
		sort.Strings(stuck)
		if len(stuck) > 5 {
			stuck = append(stuck[:5], fmt.Sprintf("and %d more", len(stuck)-5))
		}
		return "not converged: " + strings.Join(stuck, ", ")
	}
	if top != nil {
		return top.Summary
	}
	return "no user-visible impact found in the bundle"
}
