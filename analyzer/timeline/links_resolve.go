package timeline

import (
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// link returns the sorted chains entry e belongs to. Objects that no
// analysed workload claims fall back to the root of their ownership chain,
// so a pod of an unanalysed Deployment still joins its Deployment.
// The slices returned are shared between entries of one object: callers
// must not modify them.
func (lk *linker) link(e *Entry) []bundle.Ref {
	if e.Object.Kind == GitSourceKind {
		return sortedRefs(lk.gitChains[e.Object.Name])
	}
	k := refKey(e.Object)
	if c := lk.chains[k]; len(c) > 0 {
		return lk.sortedChain(k, c)
	}
	o, ok := lk.ix.Get(k)
	if !ok && e.UID != "" {
		o, ok = lk.ix.ByUID(typesUID(e.UID))
	}
	if !ok {
		parent, found := lk.podParent[k]
		if !found {
			return nil
		}
		if c := lk.chains[parent]; len(c) > 0 {
			return lk.sortedChain(parent, c)
		}
		if o, ok = lk.ix.Get(parent); !ok {
			return []bundle.Ref{{Kind: parent.Kind, Namespace: parent.Namespace, Name: parent.Name}}
		}
	}
	root := lk.root(o)
	if rk := root.Key(); len(lk.chains[rk]) > 0 {
		return lk.sortedChain(rk, lk.chains[rk])
	}
	if root != o || workloadKinds[o.GetKind()] {
		return []bundle.Ref{root.Ref()}
	}
	return nil
}

// root follows controller owners to the top, memoised per UID so that the
// walk over all entries stays linear.
func (lk *linker) root(o *bundle.Object) *bundle.Object {
	uid := o.GetUID()
	if r, ok := lk.roots[uid]; ok && uid != "" {
		return r
	}
	cur := o
	for depth := 0; depth < 8; depth++ {
		p, ok := lk.ix.Owner(cur)
		if !ok || p == cur {
			break
		}
		cur = p
	}
	if uid != "" {
		lk.roots[uid] = cur
	}
	return cur
}

// affected reports whether chain c is one whose failures matter: any chain
// not known to have converged.
func (lk *linker) affected(c string) bool {
	v, ok := lk.convergence[c]
	return !ok || v != layers.Converged
}

// sortedChain is sortedRefs(c) for the chain of k, computed once per key:
// every entry of an object links to the same chain.
func (lk *linker) sortedChain(k bundle.Key, c []bundle.Ref) []bundle.Ref {
	if s, ok := lk.sorted[k]; ok {
		return s
	}
	s := sortedRefs(c)
	lk.sorted[k] = s
	return s
}

// refKey is r.Key() without schema.ParseGroupVersion's cost.
func refKey(r bundle.Ref) bundle.Key {
	return bundle.Key{Group: bundle.APIGroup(r.APIVersion), Kind: r.Kind, Namespace: r.Namespace, Name: r.Name}
}

func sortedRefs(rs []bundle.Ref) []bundle.Ref {
	if len(rs) == 0 {
		return nil
	}
	out := slices.Clone(rs)
	slices.SortFunc(out, compareRefs)
	return slices.CompactFunc(out, func(x, y bundle.Ref) bool { return compareRefs(x, y) == 0 })
}
