package bundle

import (
	"sort"

	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
)

// Get returns the object with key k.
func (ix *Index) Get(k Key) (*Object, bool) { o, ok := ix.byKey[k]; return o, ok }

// ByUID returns the object with the given UID.
func (ix *Index) ByUID(uid types.UID) (*Object, bool) { o, ok := ix.byUID[uid]; return o, ok }

// OfKind returns the objects of a kind (any group), in bundle order. The
// slice is shared: callers must not modify it.
func (ix *Index) OfKind(kind string) []*Object { return ix.byKind[kind] }

// Kinds returns the indexed kinds, sorted.
func (ix *Index) Kinds() []string {
	out := make([]string, 0, len(ix.byKind))
	for k := range ix.byKind {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Children returns the objects whose ownerReferences name uid.
func (ix *Index) Children(uid types.UID) []*Object { return ix.children[uid] }

// Owner returns the controller owner of o (or its first owner), if present
// in the bundle.
func (ix *Index) Owner(o *Object) (*Object, bool) {
	refs := o.GetOwnerReferences()
	for _, r := range refs {
		if r.Controller != nil && *r.Controller {
			if p, ok := ix.byUID[r.UID]; ok {
				return p, true
			}
		}
	}
	for _, r := range refs {
		if p, ok := ix.byUID[r.UID]; ok {
			return p, true
		}
	}
	return nil, false
}

// PodsOnNode returns the pods whose spec.nodeName is node.
func (ix *Index) PodsOnNode(node string) []*Object { return ix.podsNode[node] }

// PodsInNamespace returns the pods of a namespace, in bundle order.
func (ix *Index) PodsInNamespace(ns string) []*Object { return ix.podsNS[ns] }

// SelectPods returns the pods in ns that match sel, in bundle order. It
// starts from the smallest posting list of the selector's equality
// requirements, so a selective selector costs little even in a large
// namespace. A nil or empty selector selects nothing, as a Service's does.
func (ix *Index) SelectPods(ns string, sel labels.Selector) []*Object {
	if sel == nil || sel.Empty() {
		return nil
	}
	cands := ix.podsNS[ns]
	if reqs, ok := sel.Requirements(); ok {
		for _, r := range reqs {
			if vals := r.Values().List(); len(vals) == 1 && (r.Operator() == "=" || r.Operator() == "==" || r.Operator() == "in") {
				if l := ix.podLabels[ns][labelPair{r.Key(), vals[0]}]; len(l) < len(cands) {
					cands = l
				}
			}
		}
	}
	var out []*Object
	for _, p := range cands {
		if sel.Matches(podLabels(p)) {
			out = append(out, p)
		}
	}
	return out
}

// objectLabels reads an object's labels in place, as GetLabels reads them
// (a null value is "") without copying them into a map.
type objectLabels map[string]any

func (l objectLabels) Has(k string) bool { _, ok := l[k]; return ok }

func (l objectLabels) Get(k string) string {
	s, _ := l[k].(string)
	return s
}

func (l objectLabels) Lookup(k string) (string, bool) {
	v, ok := l[k]
	s, _ := v.(string)
	return s, ok
}

// podLabels is p's labels for a selector.
func podLabels(p *Object) labels.Labels { return objectLabels(labelsOf(p)) }

// labelsOf is o's labels as decoded, read in place: what GetLabels copies.
// Like GetLabels, labels holding a value that is neither a string nor null
// count as none; a null value reads as "".
func labelsOf(o *Object) map[string]any {
	md, _ := o.Object["metadata"].(map[string]any)
	m, _ := md["labels"].(map[string]any)
	for _, v := range m {
		if _, ok := v.(string); !ok && v != nil {
			return nil
		}
	}
	return m
}

// Logs returns the log tails of one container: current first, then previous.
func (ix *Index) Logs(ns, pod, container string) []*Log {
	return ix.logs[logKey{ns, pod, container}]
}

func unstructuredString(obj map[string]any, fields ...string) (string, bool, error) {
	var cur any = obj
	for _, f := range fields {
		m, ok := cur.(map[string]any)
		if !ok {
			return "", false, nil
		}
		cur, ok = m[f]
		if !ok {
			return "", false, nil
		}
	}
	s, ok := cur.(string)
	return s, ok, nil
}
