package verify

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// lookup holds the per-namespace indexes the routing checks need, built
// once per Verify so that checking n workloads stays linear in the bundle.
type lookup struct {
	services map[string][]*bundle.Object // by namespace, in bundle order
	// selectors are the Services' spec.selector, read once.
	selectors map[*bundle.Object]map[string]string
	slices    map[[2]string][]*bundle.Object
}

func (v *verifier) index() *lookup {
	if v.lk != nil {
		return v.lk
	}
	lk := &lookup{services: map[string][]*bundle.Object{}, selectors: map[*bundle.Object]map[string]string{}, slices: map[[2]string][]*bundle.Object{}}
	for _, s := range v.b.Index.OfKind("Service") {
		if s.GroupVersionKind().Group == "" {
			lk.services[s.GetNamespace()] = append(lk.services[s.GetNamespace()], s)
			sel, _, _ := unstructured.NestedStringMap(s.Object, "spec", "selector")
			lk.selectors[s] = sel
		}
	}
	for _, es := range v.b.Index.OfKind("EndpointSlice") {
		if n := es.GetLabels()["kubernetes.io/service-name"]; n != "" {
			k := [2]string{es.GetNamespace(), n}
			lk.slices[k] = append(lk.slices[k], es)
		}
	}
	v.lk = lk
	return lk
}
