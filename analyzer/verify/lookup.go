package verify

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// lookup holds the per-namespace indexes the routing checks need, built
// once per Verify so that checking n workloads stays linear in the bundle.
type lookup struct {
	// services is the bundle's Service selection, shared with the layers
	// and the rule input: verify judges routing by the same selectors.
	services *facts.ServiceSelection
	slices   map[[2]string][]*bundle.Object
}

func (v *verifier) index() *lookup {
	if v.lk != nil {
		return v.lk
	}
	lk := &lookup{services: facts.ServicePods(v.b.Index), slices: map[[2]string][]*bundle.Object{}}
	for _, es := range v.b.Index.OfKind("EndpointSlice") {
		if n := es.GetLabels()["kubernetes.io/service-name"]; n != "" {
			k := [2]string{es.GetNamespace(), n}
			lk.slices[k] = append(lk.slices[k], es)
		}
	}
	v.lk = lk
	return lk
}
