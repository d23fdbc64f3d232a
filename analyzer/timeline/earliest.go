package timeline

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// chainWalk is the result of walking one chain's failures in order.
type chainWalk struct {
	root      int         // timeline index of the first unexplained failure, or -1
	causeOf   map[int]int // explained failure -> its cause
	rowOf     map[int]Explanation
	unexplain []int // unexplained failures after root
}

// walkChain finds, among the chain's failures (timeline indices, in order),
// the first one no earlier failure of the chain explains. It keeps the
// first failure per reason and per object so that each check is O(1) and
// the walk is linear in the chain's failures.
func walkChain(es []Entry, idx []int, ex explainer) chainWalk {
	w := chainWalk{root: -1, causeOf: map[int]int{}, rowOf: map[int]Explanation{}}
	first, fallback := -1, -1
	firstByReason := map[string]int{}
	firstOnObject := map[string]int{}
	firstRealOnObject := map[string]int{}
	firstByObjReason := map[string]int{}
	for _, i := range idx {
		f := &es[i]
		obj := objectID(f)
		cause := -1
		if c, ok := firstByObjReason[obj+"\x00"+f.Reason]; ok {
			// The same failure recorded again (an event and a condition,
			// or a loop the collapse could not fold) is not a new cause.
			cause = c
			w.rowOf[i] = Explanation{Cause: f.Reason, Effect: f.Reason, SameObject: true, Why: "the same failure recorded again"}
		}
		for _, r := range ex[f.Reason] {
			if cause >= 0 {
				break
			}
			var c int
			var ok bool
			switch {
			case r.Cause == "*" && r.SameObject:
				if c, ok = firstRealOnObject[obj]; !ok {
					c, ok = firstOnObject[obj]
				}
			case r.Cause == "*":
				// Blame the first real failure, not an earlier effect.
				c, ok = w.root, w.root >= 0
				if !ok {
					c, ok = first, first >= 0
				}
			case r.SameObject:
				c, ok = firstByObjReason[obj+"\x00"+r.Cause]
			default:
				c, ok = firstByReason[r.Cause]
			}
			if ok && c != i {
				cause = c
				w.rowOf[i] = r
				break
			}
		}
		switch {
		case cause >= 0:
			w.causeOf[i] = cause
		case ex.pureEffect(f.Reason):
			// An unready pod or an expired deadline with nothing earlier to
			// blame is kept only as a last resort: it is never
			// discriminating when a real failure follows.
			if fallback < 0 {
				fallback = i
			}
		case w.root < 0:
			w.root = i
		default:
			w.unexplain = append(w.unexplain, i)
		}
		if first < 0 {
			first = i
		}
		setFirst(firstByReason, f.Reason, i)
		setFirst(firstOnObject, obj, i)
		if !ex.pureEffect(f.Reason) {
			setFirst(firstRealOnObject, obj, i)
		}
		setFirst(firstByObjReason, obj+"\x00"+f.Reason, i)
	}
	if w.root < 0 {
		w.root = fallback
	}
	return w
}

func setFirst(m map[string]int, k string, i int) {
	if _, ok := m[k]; !ok {
		m[k] = i
	}
}

func objectID(e *Entry) string {
	if e.UID != "" {
		return e.UID
	}
	return e.Object.String()
}

// chainKeys names the chains an entry belongs to: its workloads, or the
// object itself when nothing links it.
func chainKeys(e *Entry) []string {
	if len(e.Workloads) == 0 {
		return []string{e.Object.String()}
	}
	out := make([]string, len(e.Workloads))
	for i, w := range e.Workloads {
		out[i] = w.String()
	}
	return out
}

// pickEarliest sets PerWorkload and Earliest. Only chains not known to be
// converged compete for the bundle-wide earliest failure: a healthy
// neighbour's old, resolved warning is noise.
func pickEarliest(tl *Timeline, lk *linker, opts Options) {
	ex := newExplainer(opts.Explanations)
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
	var best *EarliestFailure
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
		if !lk.affected(n) {
			quiet = append(quiet, n)
			continue
		}
		if best == nil || root < best.Index {
			best, bestWalk = ef, w
		}
	}
	if best == nil {
		return
	}
	g := *best
	g.Why = best.Why
	if len(quiet) > 0 {
		g.Why += fmt.Sprintf("; failures in %d converged chain(s) were not considered (%s)", len(quiet), listSome(quiet, 3))
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

// explainedBy lists the failures whose chain of causes leads back to root.
func explainedBy(w chainWalk, root int) []int {
	var out []int
	for f := range w.causeOf {
		c, seen := f, 0
		for {
			next, ok := w.causeOf[c]
			if !ok || seen > len(w.causeOf) {
				break
			}
			c, seen = next, seen+1
		}
		if c == root {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

func describeChain(es []Entry, w chainWalk, ef *EarliestFailure) string {
	var b strings.Builder
	fmt.Fprintf(&b, "first failure in %s that no earlier failure explains", ef.Workload)
	if n := len(ef.Explains); n > 0 {
		reasons := map[string]bool{}
		var rs []string
		for _, i := range ef.Explains {
			if r := es[i].Reason; !reasons[r] {
				reasons[r] = true
				rs = append(rs, r)
			}
		}
		slices.Sort(rs)
		fmt.Fprintf(&b, "; %d later failure(s) are its effects (%s)", n, listSome(rs, 5))
	}
	if n := len(w.unexplain); n > 0 {
		fmt.Fprintf(&b, "; %d later failure(s) are not explained by it and may be independent (first: %s %s)",
			n, es[w.unexplain[0]].Reason, es[w.unexplain[0]].Object)
	}
	return b.String()
}

// earlierEffects notes effects on the chosen object that precede it (an
// unready condition, a back-off loop): the failure began before its first
// recorded occurrence, which has expired.
func earlierEffects(es []Entry, idx []int, root int, ex explainer) string {
	for _, i := range idx {
		if i >= root {
			break
		}
		if e := &es[i]; ex.pureEffect(e.Reason) && sameObject(e, &es[root]) {
			return fmt.Sprintf("; its effect %s was recorded earlier (%s), so the failure began before its first recorded occurrence",
				reasonCount(*e), e.Time.UTC().Format("2006-01-02T15:04:05Z"))
		}
	}
	return ""
}

func listSome(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:n], ", ") + fmt.Sprintf(" and %d more", len(xs)-n)
}
