package facts

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// podlessIndex holds the core Services with a selector that select no pod,
// each under one pair of its selector (its least key and that key's
// value), so that a pod template reaches only the Services one of its own
// labels could satisfy: no workloads × Services join in a namespace that
// holds thousands of each.
type podlessIndex struct {
	byPair map[string][]*bundle.Object
	inNS   map[string]bool
}

func podlessServices(sel *ServiceSelection) podlessIndex {
	x := podlessIndex{byPair: map[string][]*bundle.Object{}, inNS: map[string]bool{}}
	for _, svc := range sel.Selecting {
		if len(sel.Pods[svc]) == 0 {
			m := stringMap(Map(svc.Object, "spec", "selector"))
			if len(m) == 0 {
				continue // Selecting holds none: a selector has a key
			}
			k := slices.Min(slices.Collect(maps.Keys(m)))
			key := pairKey(svc.GetNamespace(), k, m[k])
			x.byPair[key] = append(x.byPair[key], svc)
			x.inNS[svc.GetNamespace()] = true
		}
	}
	return x
}

// selecting returns the pod-less Services of ns whose selector matches
// template labels tl, each once (a Service is indexed under one pair), in
// no fixed order.
func (x podlessIndex) selecting(sel *ServiceSelection, ns string, tl map[string]string) []*bundle.Object {
	var out []*bundle.Object
	for k, v := range tl {
		for _, svc := range x.byPair[pairKey(ns, k, v)] {
			if sel.Selects(svc, labels.Set(tl)) {
				out = append(out, svc)
			}
		}
	}
	return out
}

func pairKey(ns, k, v string) string { return ns + "\x00" + k + "\x00" + v }

// controlled reports whether a controller that the bundle holds owns o.
func controlled(ix *bundle.Index, o *bundle.Object) bool {
	_, ok := ix.Owner(o)
	return ok
}

// stringMap reads a map of labels or a selector; a value that is not a
// string reads as "", as serviceSelector reads it.
func stringMap(m map[string]any) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k], _ = v.(string)
	}
	return out
}
