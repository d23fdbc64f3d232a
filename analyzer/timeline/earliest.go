package timeline

import (
	"fmt"
	"slices"
	"sort"

	"github.com/rift-dev/rift/internal/words"
)

// pickEarliest sets PerWorkload and Earliest. Only chains not known to be
// converged compete for the bundle-wide earliest failure: a healthy
// neighbour's old, resolved warning is noise.
func pickEarliest(tl *Timeline, lk *linker, opts Options) {
	ex := newExplainer(opts.Explanations, lk.waiting)
	chains := map[string][]int{}
	for i := range tl.Entries {
		if !tl.Entries[i].Failure {
			continue
		}
		for _, k := range chainKeys(&tl.Entries[i]) {
			chains[k] = append(chains[k], i)
		}
	}
	names := make([]string, 0, len(chains))
	for n := range chains {
		names = append(names, n)
	}
	sort.Strings(names)
	// Two tiers: chains with a verdict other than converged compete; the
	// earliest failure of chains no analysed workload claims (an Event on
	// a Namespace, a Lease) is only stated in a gap when no workload fails.
	var best, loose *EarliestFailure
	var bestWalk chainWalk
	var quiet []string
	for _, n := range names {
		w := walkChain(tl.Entries, chains[n], ex)
		if w.root < 0 {
			continue
		}
		root := preferEvent(tl.Entries, chains[n], w.root, ex)
		ef := &EarliestFailure{Entry: tl.Entries[root], Index: root, Workload: n}
		ef.Explains = slices.DeleteFunc(explainedBy(w, w.root), func(i int) bool { return i == root })
		ef.Why = describeChain(tl.Entries, w, ef) + earlierEffects(tl.Entries, chains[n], root, ex)
		if isWorkloadChain(tl.Entries[root], n, lk) {
			if tl.PerWorkload == nil {
				tl.PerWorkload = map[string]*EarliestFailure{}
			}
			tl.PerWorkload[n] = ef
		}
		switch _, judged := lk.convergence[n]; {
		case !lk.affected(n):
			quiet = append(quiet, n)
		case judged || len(lk.convergence) == 0:
			if best == nil || root < best.Index {
				best, bestWalk = ef, w
			}
		case loose == nil || root < loose.Index:
			loose = ef
		}
	}
	var g EarliestFailure
	switch {
	case best != nil:
		g = *best
	case loose != nil:
		// Every analysed workload converged: a failure on an unclaimed
		// object is not named as the cause, only stated.
		e := loose.Entry
		tl.Gaps = append(tl.Gaps, fmt.Sprintf("no analysed workload has a failure; the earliest failure on an object no workload claims is %s %s at %s",
			reasonCount(e), e.Object, e.Time.UTC().Format("2006-01-02T15:04:05Z")))
		sortGaps(tl.Gaps)
		return
	default:
		return
	}
	if len(quiet) > 0 {
		g.Why += fmt.Sprintf("; failures in %s were not considered (%s)", words.Count(len(quiet), "converged chain", "converged chains"), listSome(quiet, 3))
	}
	g.SkewWarning = skewNote(tl.Entries, &g, bestWalk, chains, names, lk, opts)
	tl.Earliest = &g
}

// preferEvent swaps a root read from a condition or container state for the
// event that reports the same failure on the same object (the same reason,
// or a symmetric pair of table rows) within the times' precision: the
// event is the primary record, with the count and the message.
func preferEvent(es []Entry, idx []int, root int, ex explainer) int {
	r := &es[root]
	if r.Source == SourceEvent {
		return root
	}
	for _, i := range idx {
		c := &es[i]
		if c.Source != SourceEvent || !sameObject(c, r) {
			continue
		}
		d := c.Time.Sub(r.Time)
		if d < 0 || d > slack(r.Precision)+slack(c.Precision) {
			continue
		}
		if c.Reason == r.Reason {
			return i
		}
		_, fwd := ex.explains(c, r)
		_, back := ex.explains(r, c)
		if fwd && back {
			return i
		}
	}
	return root
}

func isWorkloadChain(e Entry, n string, lk *linker) bool {
	if _, ok := lk.convergence[n]; ok {
		return true
	}
	return slices.ContainsFunc(e.Workloads, func(r bundleRef) bool { return r.String() == n })
}
