package layers

import (
	"github.com/rift-dev/rift/analyzer/bundle"
)

type endpointState int

const (
	endpointAbsent endpointState = iota
	// endpointPortless is an address an EndpointSlice lists with no port
	// of the Service: the endpoint controller could not resolve a named
	// targetPort on the pod, so nothing routes to it.
	endpointPortless
	endpointNotReady
	endpointReady
)

// endpoints is the addresses a Service routes to, by pod name and IP.
type endpoints struct {
	byPod map[string]endpointState
	byIP  map[string]endpointState
	src   *bundle.Object
}

func (e endpoints) state(p *bundle.Object) (endpointState, *bundle.Object) {
	if st, ok := e.byPod[p.GetName()]; ok {
		return st, e.src
	}
	if ip := str(p.Object, "status", "podIP"); ip != "" {
		if st, ok := e.byIP[ip]; ok {
			return st, e.src
		}
	}
	return endpointAbsent, e.src
}

func (e endpoints) add(targetKind, targetName string, addrs []any, st endpointState) {
	if targetKind == "Pod" && targetName != "" && st > e.byPod[targetName] {
		e.byPod[targetName] = st
	}
	for _, a := range addrs {
		if s, ok := a.(string); ok && st > e.byIP[s] {
			e.byIP[s] = st
		}
	}
}

// endpointsOf reads a Service's EndpointSlices (or its legacy Endpoints).
// known is false when the bundle cannot say: the slices were not collected,
// or the bundle holds no endpoint objects at all.
func (a *analysis) endpointsOf(svc *bundle.Object) (endpoints, bool) {
	e := endpoints{byPod: map[string]endpointState{}, byIP: map[string]endpointState{}}
	ns := svc.GetNamespace()
	slices := a.slices[[2]string{ns, svc.GetName()}]
	hasPorts := len(sliceAt(svc.Object, "spec", "ports")) > 0
	for _, es := range slices {
		e.src = es
		// The API always writes ports (null or [] when none resolved); a
		// slice without the field was trimmed by hand and says nothing.
		_, written := es.Object["ports"]
		portless := hasPorts && written && len(sliceAt(es.Object, "ports")) == 0
		for _, ep := range maps(sliceAt(es.Object, "endpoints")) {
			st := endpointReady
			if r, ok := field(ep, "conditions", "ready"); ok && r == false {
				st = endpointNotReady
			}
			if portless {
				st = endpointPortless
			}
			e.add(str(ep, "targetRef", "kind"), str(ep, "targetRef", "name"), sliceAt(ep, "addresses"), st)
		}
	}
	if len(slices) > 0 {
		return e, true
	}
	if eo, ok := a.ix.Get(bundle.Key{Kind: "Endpoints", Namespace: ns, Name: svc.GetName()}); ok {
		e.src = eo
		for _, sub := range maps(sliceAt(eo.Object, "subsets")) {
			for key, st := range map[string]endpointState{"addresses": endpointReady, "notReadyAddresses": endpointNotReady} {
				for _, ad := range maps(sliceAt(sub, key)) {
					e.add(str(ad, "targetRef", "kind"), str(ad, "targetRef", "name"), []any{str(ad, "ip")}, st)
				}
			}
		}
		return e, true
	}
	if a.notCollected("endpointslices", ns) {
		return e, false
	}
	return e, len(a.ix.OfKind("EndpointSlice")) > 0 || len(a.ix.OfKind("Endpoints")) > 0
}

// servicesOf returns the Services selecting any pod of s, sorted.
func (a *analysis) servicesOf(s *subject) []*bundle.Object {
	seen := map[*bundle.Object]bool{}
	var out []*bundle.Object
	for _, p := range s.pods.pods {
		for _, svc := range a.podSvcs[p] {
			if !seen[svc] {
				seen[svc] = true
				out = append(out, svc)
			}
		}
	}
	sortObjects(out)
	return out
}
