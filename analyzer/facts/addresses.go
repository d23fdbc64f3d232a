package facts

import (
	"net/netip"
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Addresses maps each IP address the bundle's objects hold to the objects
// that hold it, sorted by kind, namespace and name: a core Service's
// spec.clusterIP and clusterIPs, a Node's InternalIP and ExternalIP, and a
// pod's status.podIP and podIPs. A log line that names an address ("dial
// tcp 10.0.3.7:5432: connect: connection refused") names one of these, so
// a rule can say which object it dialled instead of a bare host.
//
// Some holders are left out because the address does not name them: a
// pod on the host network shares its node's address (the Node holds it),
// and a pod that has ended (Succeeded or Failed) has given its address
// back for reuse. An address that is not a valid IP, and "None" (a
// headless Service), are no keys. Two live holders of one address (a
// stale capture) both stay listed: a caller decides what an ambiguous
// address means. It is built once per bundle and shared: callers must not
// modify it.
func Addresses(ix *bundle.Index) map[string][]bundle.Ref {
	return ix.Derived(addressesKey{}, func() any { return addresses(ix) }).(map[string][]bundle.Ref)
}

// addressesKey keys Addresses on the Index memo.
type addressesKey struct{}

func addresses(ix *bundle.Index) map[string][]bundle.Ref {
	out := map[string][]bundle.Ref{}
	add := func(o *bundle.Object, ip string) {
		a, err := netip.ParseAddr(ip)
		if err != nil {
			return
		}
		k := a.String()
		for _, r := range out[k] {
			if r == o.Ref() {
				return // clusterIP repeated in clusterIPs, podIP in podIPs
			}
		}
		out[k] = append(out[k], o.Ref())
	}
	for _, s := range ix.OfKind("Service") {
		if !IsCoreService(s) {
			continue
		}
		add(s, String(s.Object, "spec", "clusterIP"))
		for _, ip := range Slice(s.Object, "spec", "clusterIPs") {
			if ip, ok := ip.(string); ok {
				add(s, ip)
			}
		}
	}
	for _, n := range ix.OfKind("Node") {
		for _, a := range Slice(n.Object, "status", "addresses") {
			if a, ok := a.(map[string]any); ok {
				if t := String(a, "type"); t == "InternalIP" || t == "ExternalIP" {
					add(n, String(a, "address"))
				}
			}
		}
	}
	for _, p := range ix.OfKind("Pod") {
		if Bool(p.Object, "spec", "hostNetwork") {
			continue
		}
		if ph := String(p.Object, "status", "phase"); ph == "Succeeded" || ph == "Failed" {
			continue
		}
		add(p, String(p.Object, "status", "podIP"))
		for _, ip := range Slice(p.Object, "status", "podIPs") {
			if ip, ok := ip.(map[string]any); ok {
				add(p, String(ip, "ip"))
			}
		}
	}
	for _, refs := range out {
		sort.Slice(refs, func(i, j int) bool { return refs[i].Less(refs[j]) })
	}
	return out
}
