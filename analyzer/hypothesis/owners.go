package hypothesis

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/analyzer/layers"
)

// ownersOf maps what the layers' workloads own, up to three levels down,
// to its top workload: the workload itself unless a workload above it in
// its controller chain owns it in turn. It reads the bundle before the
// rules run (Evaluate drops the bundle while they do), and costs one
// owner chain per workload and one lookup per owned object.
func ownersOf(b *bundle.Bundle, ws []layers.Workload) ownerFacts {
	of := ownerFacts{}
	if b == nil || b.Index == nil {
		return of
	}
	ix := b.Index
	isWorkload := make(map[bundle.Key]bool, len(ws))
	for i := range ws {
		isWorkload[ws[i].Ref.Key()] = true
	}
	for i := range ws {
		w := &ws[i]
		o, ok := ix.Get(w.Ref.Key())
		if !ok {
			continue
		}
		top := w.Ref
		for _, up := range facts.OwnerChain(ix, o) {
			if isWorkload[up.Key()] {
				top = up.Ref()
			}
		}
		if top.Key() != w.Ref.Key() {
			of[w.Ref.Key()] = top
		}
		for _, x := range facts.Owned(ix, o, 3) {
			of[x.Key()] = top
		}
	}
	return of
}
