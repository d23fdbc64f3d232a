package timeline

import "slices"

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
	firstBySignature := map[string]int{}
	for _, i := range idx {
		f := &es[i]
		obj := objectID(f)
		cause := -1
		sig := f.Reason + "\x00" + squashDigits(f.Message)
		if c, ok := firstByObjReason[obj+"\x00"+f.Reason]; ok {
			// The same failure recorded again (an event and a condition,
			// or a loop the collapse could not fold) is not a new cause.
			cause = c
			w.rowOf[i] = Explanation{Cause: f.Reason, Effect: f.Reason, SameObject: true, Why: "the same failure recorded again"}
		} else if c, ok := firstBySignature[sig]; ok {
			// The same failure, word for word, on another object of the
			// chain (the ReplicaSet's other pods) shares its cause.
			cause = c
			w.rowOf[i] = Explanation{Cause: f.Reason, Effect: f.Reason, Why: "the same failure on another object of the chain"}
		}
		if cause < 0 && w.root >= 0 && ex.waits(f) && !sameObject(&es[w.root], f) {
			cause = w.root
			row := waitRow
			row.Effect = f.Reason
			w.rowOf[i] = row
		}
		for _, r := range ex.rows[f.Reason] {
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
		setFirst(firstBySignature, sig, i)
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
