package hypothesis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/internal/words"
)

// Verdicts of a Summary.
const (
	VerdictHealthy  = "healthy"
	VerdictDegraded = "degraded"
	VerdictUnknown  = "unknown"
)

// summaryFacts is what summarize reads of the input, taken before the
// rules run so that Evaluate can drop the input while they do.
type summaryFacts struct {
	// unjudged names what the bundle does not let rift judge, and why
	// (unjudged): any entry makes the verdict at best unknown.
	unjudged      []string
	failed, stuck []string // failedChecks and stuckWorkloads
	// present is each subject's state at capture time, which tells the
	// ledger's history from its present (resolve).
	present presentFacts
	// related lists, per blocked or failed workload, what a hypothesis
	// that accounts for it may name (dropAccounted).
	related map[string][]string
	// owners maps what a workload owns to it, for grouping (group).
	owners ownerFacts
}

func factsOf(in Input) summaryFacts {
	return summaryFacts{
		unjudged: unjudged(in),
		failed:   failedChecks(in),
		stuck:    stuckWorkloads(in),
		present:  presentOf(in.Bundle, in.Workloads),
		related:  relatedOf(in.Bundle, in.Workloads),
		owners:   ownersOf(in.Bundle, in.Workloads),
	}
}

// summarize computes the report's lead from the ranked hypotheses and
// the facts of the input they were drawn from:
//
//   - verdict: degraded when any hypothesis is supported (a resolved one is
//     history and never counts); unknown when none is and part of the
//     bundle cannot be judged (unjudged: no objects, pods not collected,
//     load errors that make it incomplete), a rule failed, or a check or
//     workload visibly fails that no rule explains; healthy otherwise,
//     open hypotheses notwithstanding;
//   - impact: the failed user-visible checks, else the workloads that did
//     not converge, else the top supported hypothesis, else what could
//     not be judged;
//   - earliestCause: the highest-ranked supported hypothesis, which the
//     ranking puts before everything it explains;
//   - mutationNeeded: that hypothesis's repair has an owner other than none.
func summarize(hs []Hypothesis, f summaryFacts, ruleFailed bool) Summary {
	var top *Hypothesis
	for i := range hs {
		if hs[i].Status == Supported {
			top = &hs[i]
			break
		}
	}
	s := Summary{Verdict: VerdictHealthy}
	failed, stuck := f.failed, f.stuck
	switch {
	case top != nil:
		s.Verdict = VerdictDegraded
		s.EarliestCause = fmt.Sprintf("%s on %s: %s", top.Cause, top.Subject, top.Summary)
		s.MutationNeeded = top.Repair.Owner != OwnerNone
	case ruleFailed || len(f.unjudged) > 0:
		s.Verdict = VerdictUnknown
	case len(failed) > 0 || len(stuck) > 0:
		// Something visibly fails that no rule explains: not healthy, and
		// not a cause rift can name either.
		s.Verdict = VerdictUnknown
	}
	s.Impact = impact(failed, stuck, top, f.unjudged)
	return s
}

// unjudged names the layers the bundle does not let rift judge, each with
// why: all of them when there is no bundle, no object, or load errors
// that make the bundle incomplete (a truncated archive, a file of
// bundle.yaml's manifest missing or altered, a limit that stopped
// reading: bundle.LoadError.Incomplete); the runtime layer when pods were
// not collected in any namespace.
func unjudged(in Input) []string {
	switch {
	case in.Bundle == nil:
		return []string{"any layer: no bundle"}
	case len(in.Bundle.Objects) == 0:
		return []string{"any layer: the bundle holds no objects"}
	}
	var out []string
	if n := incompleteErrors(in); n > 0 {
		out = append(out, fmt.Sprintf("any layer: the bundle is incomplete (%s data unread)", words.Count(n, "load error leaves", "load errors leave")))
	}
	if reason, ok := podsNotCollected(in); ok {
		out = append(out, "the runtime layer: pods not collected ("+reason+")")
	}
	return out
}

// podsNotCollected reports a bundle without pods in any namespace, and
// why: its collector could not list them, or the loader found none where
// the bundle's layout keeps them (a support bundle without
// cluster-resources/pods/). Without pods no runtime verdict is possible.
func podsNotCollected(in Input) (string, bool) {
	for _, n := range in.Bundle.Meta.NotCollected {
		if n.Resource == "pods" && n.Namespace == "" {
			return n.Reason, true
		}
	}
	return "", false
}

// incompleteErrors counts the load errors that leave part of the bundle
// unread.
func incompleteErrors(in Input) int {
	n := 0
	for _, e := range in.Bundle.Errors {
		if e.Incomplete() {
			n++
		}
	}
	return n
}

// failedChecks are the recorded user-visible checks that failed, sorted.
func failedChecks(in Input) []string {
	if in.Bundle == nil {
		return nil
	}
	var failed []string
	for _, c := range in.Bundle.Checks {
		if !c.OK {
			failed = append(failed, strings.TrimSpace(c.Name+" "+c.Target))
		}
	}
	sort.Strings(failed)
	return failed
}

// stuckWorkloads are the workloads whose convergence is blocked or failed.
func stuckWorkloads(in Input) []string {
	var stuck []string
	for _, w := range in.Workloads {
		if w.Convergence == layers.Blocked || w.Convergence == layers.Failed {
			stuck = append(stuck, w.Ref.String()+" "+w.Convergence)
		}
	}
	sort.Strings(stuck)
	return stuck
}

// impact states what users see, most direct evidence first, and else
// what rift could not judge.
func impact(failed, stuck []string, top *Hypothesis, unjudged []string) string {
	switch {
	case len(failed) > 0:
		return "user-visible checks failed: " + strings.Join(failed, ", ")
	case len(stuck) > 5:
		return "not converged: " + strings.Join(stuck[:5], ", ") + fmt.Sprintf(" and %d more", len(stuck)-5)
	case len(stuck) > 0:
		return "not converged: " + strings.Join(stuck, ", ")
	case top != nil:
		return top.Summary
	case len(unjudged) > 0:
		return "could not judge " + strings.Join(unjudged, "; ")
	}
	return "no user-visible impact found in the bundle"
}
