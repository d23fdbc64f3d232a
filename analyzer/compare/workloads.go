package compare

import (
	"fmt"
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// workloads pairs the report subjects of both sides by identity and keeps
// the ones that changed, sorted by ref.
func workloads(before, after Side) []WorkloadDiff {
	type pair struct{ b, a *layers.Workload }
	pairs := map[bundle.Key]*pair{}
	var keys []bundle.Key
	get := func(k bundle.Key) *pair {
		p, ok := pairs[k]
		if !ok {
			p = &pair{}
			pairs[k] = p
			keys = append(keys, k)
		}
		return p
	}
	for i := range before.Report.Workloads {
		w := &before.Report.Workloads[i]
		get(w.Ref.Key()).b = w
	}
	for i := range after.Report.Workloads {
		w := &after.Report.Workloads[i]
		get(w.Ref.Key()).a = w
	}
	slices.SortFunc(keys, func(x, y bundle.Key) int { return cmpString(x.String(), y.String()) })
	out := []WorkloadDiff{}
	for _, k := range keys {
		p := pairs[k]
		wd := newWorkloadDiff(k.String())
		switch {
		case p.a == nil:
			wd.Presence = "before"
		case p.b == nil:
			wd.Presence = "after"
		default:
			wd.Presence = "both"
			diffWorkload(&wd, p.b, p.a, before.Bundle, after.Bundle)
			if wd.empty() {
				continue
			}
		}
		out = append(out, wd)
	}
	return out
}

func newWorkloadDiff(ref string) WorkloadDiff {
	return WorkloadDiff{Ref: ref, Layers: []LayerChange{}, Stages: []NamedChange{}, PodsReplaced: []PodReplaced{},
		PodsRemoved: []Pod{}, PodsAdded: []Pod{}, Restarts: []NamedChange{},
		DivergencesResolved: []string{}, DivergencesNew: []string{}}
}

func (wd *WorkloadDiff) empty() bool {
	return wd.Convergence == nil && len(wd.Layers) == 0 && len(wd.Stages) == 0 && len(wd.PodsReplaced) == 0 &&
		len(wd.PodsRemoved) == 0 && len(wd.PodsAdded) == 0 && len(wd.Restarts) == 0 &&
		len(wd.DivergencesResolved) == 0 && len(wd.DivergencesNew) == 0
}

// diffWorkload fills wd with the changes of one subject present on both
// sides. Layers and stages are compared in their causal order.
func diffWorkload(wd *WorkloadDiff, b, a *layers.Workload, bb, ab *bundle.Bundle) {
	if b.Convergence != a.Convergence {
		wd.Convergence = &Change{b.Convergence, a.Convergence}
	}
	bl := map[string]layers.Layer{}
	for _, l := range b.Layers {
		bl[l.Name] = l
	}
	for _, l := range a.Layers {
		old, ok := bl[l.Name]
		if !ok {
			continue
		}
		lc := LayerChange{Name: l.Name}
		if old.Status != l.Status {
			lc.Status = &Change{old.Status, l.Status}
		}
		if old.Revision != l.Revision {
			lc.Revision = &Change{old.Revision, l.Revision}
		}
		if lc.Status != nil || lc.Revision != nil {
			wd.Layers = append(wd.Layers, lc)
		}
	}
	bs := map[string]string{}
	for _, s := range b.Stages {
		bs[s.Name] = s.Status
	}
	for _, s := range a.Stages {
		if old, ok := bs[s.Name]; ok && old != s.Status {
			wd.Stages = append(wd.Stages, NamedChange{s.Name, Change{old, s.Status}})
		}
	}
	diffPods(wd, b, a, bb, ab)
	diffDivergences(wd, b.Divergences, a.Divergences)
}

// diffDivergences compares divergences by object, path and layers; values
// are left out, so a divergence whose observed value changed persists.
func diffDivergences(wd *WorkloadDiff, b, a []layers.Divergence) {
	key := func(d layers.Divergence) string {
		return fmt.Sprintf("%s %s (%s vs %s)", d.Object.Key(), d.Path, d.Between[0], d.Between[1])
	}
	bk, ak := map[string]bool{}, map[string]bool{}
	for _, d := range b {
		bk[key(d)] = true
	}
	for _, d := range a {
		ak[key(d)] = true
	}
	for k := range bk {
		if !ak[k] {
			wd.DivergencesResolved = append(wd.DivergencesResolved, k)
		}
	}
	for k := range ak {
		if !bk[k] {
			wd.DivergencesNew = append(wd.DivergencesNew, k)
		}
	}
	slices.Sort(wd.DivergencesResolved)
	slices.Sort(wd.DivergencesNew)
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
