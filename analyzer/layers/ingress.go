package layers

import (
	"net/url"
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// ingressBackends maps a host to the Services Ingress rules send it to,
// built once per Build on first use.
func (a *analysis) ingressBackends() map[string][]*bundle.Object {
	if a.hostSvcs != nil {
		return a.hostSvcs
	}
	a.hostSvcs = map[string][]*bundle.Object{}
	for _, ing := range a.ix.OfKind("Ingress") {
		ns := ing.GetNamespace()
		for _, r := range maps(sliceAt(ing.Object, "spec", "rules")) {
			host := str(r, "host")
			for _, p := range maps(sliceAt(r, "http", "paths")) {
				name := str(p, "backend", "service", "name")
				if name == "" {
					name = str(p, "backend", "serviceName") // extensions/v1beta1
				}
				if svc, ok := a.ix.Get(bundle.Key{Kind: "Service", Namespace: ns, Name: name}); ok {
					a.hostSvcs[host] = append(a.hostSvcs[host], svc)
				}
			}
		}
	}
	return a.hostSvcs
}

// routedBy returns the Ingress route by which a check's URL target reaches
// one of svcs, or "".
func (a *analysis) routedBy(target string, svcs map[*bundle.Object]bool) string {
	if len(svcs) == 0 {
		return ""
	}
	u, err := url.Parse(target)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	var via []string
	for _, svc := range a.ingressBackends()[u.Hostname()] {
		if svcs[svc] {
			via = append(via, u.Hostname()+" → "+svc.Ref().String())
		}
	}
	if len(via) == 0 {
		return ""
	}
	sort.Strings(via)
	return "Ingress " + via[0]
}
