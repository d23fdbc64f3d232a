package hypothesis

import (
	"container/heap"
	"sort"

	"github.com/rift-dev/rift/analyzer/timeline"
)

// rank resolves explains links, scores the candidates and orders them:
//
//  1. causes before their effects: when A explains B (and A is not
//     contradicted), A ranks above B and B lists A in ExplainedBy; a
//     contradicted hypothesis explains nothing;
//  2. among hypotheses free to go next: supported before open;
//  3. earliest FirstFailure first (unknown times last);
//  4. higher score first, then higher rule weight;
//  5. subject (Kind/namespace/name), then cause, then ID, for ties;
//  6. resolved hypotheses (history) after every current one, then
//     contradicted ones last, each group by the same keys; a resolved
//     hypothesis explains only other resolved ones, so history never
//     ranks above, or claims, a current failure.
//
// The order is a topological sort with these keys as priority, so it is
// deterministic. Explains cycles (which rules should not produce) are
// broken by taking the best remaining hypothesis.
func rank(cs []candidate, weights map[string]int, tl *timeline.Timeline) []Hypothesis {
	n := len(cs)
	byKey := make(map[string][]int, n)
	for i := range cs {
		k := cs[i].h.Cause + "|" + cs[i].h.Subject.String()
		byKey[k] = append(byKey[k], i)
	}
	edges := make([][]int, n)
	indeg := make([]int, n)
	for i := range cs {
		if cs[i].h.Status == Contradicted {
			continue
		}
		seen := map[int]bool{}
		for _, l := range cs[i].links {
			for _, j := range byKey[l.Cause+"|"+l.Subject.String()] {
				if j == i || seen[j] || (cs[i].h.Status == Resolved) != (cs[j].h.Status == Resolved) {
					continue
				}
				seen[j] = true
				edges[i] = append(edges[i], j)
				indeg[j]++
			}
		}
	}
	for i := range cs {
		h := &cs[i].h
		for _, j := range edges[i] {
			h.Explains = append(h.Explains, cs[j].h.ID)
			cs[j].h.ExplainedBy = append(cs[j].h.ExplainedBy, h.ID)
		}
		h.FirstFailure = firstFailure(h, tl)
		h.Score = score(h, weights[h.Rule])
	}
	for i := range cs {
		sort.Strings(cs[i].h.Explains)
		sort.Strings(cs[i].h.ExplainedBy)
	}
	less := func(a, b int) bool { return before(&cs[a].h, &cs[b].h, weights) }
	q := &prioQueue{less: less}
	var contradicted, resolved []int
	for i := range cs {
		switch {
		case cs[i].h.Status == Contradicted:
			contradicted = append(contradicted, i)
		case cs[i].h.Status == Resolved:
			resolved = append(resolved, i)
		case indeg[i] == 0:
			heap.Push(q, i)
		}
	}
	placed := make([]bool, n)
	var order []int
	rest := sortedIndexes(cs, less) // fallback for cycles
	next := 0
	for len(order)+len(contradicted)+len(resolved) < n {
		var i int
		if q.Len() > 0 {
			i = heap.Pop(q).(int)
		} else {
			for placed[rest[next]] || cs[rest[next]].h.Status == Contradicted || cs[rest[next]].h.Status == Resolved {
				next++
			}
			i = rest[next]
		}
		if placed[i] {
			continue
		}
		placed[i] = true
		order = append(order, i)
		for _, j := range edges[i] {
			if indeg[j]--; indeg[j] == 0 && !placed[j] {
				heap.Push(q, j)
			}
		}
	}
	for _, tail := range [][]int{resolved, contradicted} {
		sort.SliceStable(tail, func(a, b int) bool { return less(tail[a], tail[b]) })
		order = append(order, tail...)
	}
	out := make([]Hypothesis, len(order))
	for r, i := range order {
		out[r] = cs[i].h
		out[r].Rank = r + 1
	}
	return out
}

func sortedIndexes(cs []candidate, less func(a, b int) bool) []int {
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return less(idx[a], idx[b]) })
	return idx
}

// prioQueue is a container/heap of candidate indexes ordered by less.
type prioQueue struct {
	items []int
	less  func(a, b int) bool
}

func (q *prioQueue) Len() int           { return len(q.items) }
func (q *prioQueue) Less(i, j int) bool { return q.less(q.items[i], q.items[j]) }
func (q *prioQueue) Swap(i, j int)      { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *prioQueue) Push(x any)         { q.items = append(q.items, x.(int)) }
func (q *prioQueue) Pop() any {
	x := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return x
}
