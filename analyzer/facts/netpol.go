package facts

import (
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// NetworkPolicies is the bundle's networking.k8s.io/v1 NetworkPolicies
// with their selectors resolved against the pods the bundle holds: which
// pods each policy isolates, per direction, and which pods each of its
// rules admits as peers. Whether traffic is allowed is a judgement the
// rules make from it (network-policy-denied); this is the mechanics the
// Kubernetes API defines (NetworkPolicySpec):
//
//   - A policy selects the pods of its namespace that its podSelector
//     matches (an empty selector, all of them). A selected pod is isolated
//     for each direction in policyTypes; without policyTypes, for Ingress
//     always and for Egress when the policy has an egress section.
//   - An isolated pod admits a connection in that direction only when a
//     rule of a policy isolating it admits the peer and the port. A rule
//     without peers admits every peer, and one without ports every port.
//   - A peer is a podSelector (pods of the policy's namespace), a
//     namespaceSelector (all pods of the matching namespaces), both (the
//     matching pods of the matching namespaces), or an ipBlock.
//
// Pods on the host network are never isolated (the API leaves them to the
// plugin, and common plugins exempt them), nor are pods that have ended.
// A namespaceSelector is matched against the labels of the Namespace
// objects the bundle holds; without the Namespace, only the label the API
// server sets on every namespace (kubernetes.io/metadata.name) is known,
// and a selector that needs another lists the namespace in the rule's
// Unresolved: the bundle cannot tell whether it admits the pods of that namespace. It is built
// once per bundle and
// shared: callers must not modify it.
type NetworkPolicies struct {
	// Policies are the policies by namespace/name.
	Policies map[string]*NetworkPolicy
	// Ingress and Egress map each isolated pod (namespace/name) to the
	// policies (namespace/name, sorted) that isolate it in that direction.
	Ingress, Egress map[string][]string
}

// NetworkPolicy is one policy, its rules resolved.
type NetworkPolicy struct {
	Object *bundle.Object
	// Ingress and Egress are its rules in each direction, in order.
	Ingress, Egress []PolicyRule
}

// PolicyRule is one ingress or egress rule.
type PolicyRule struct {
	// All is true when the rule lists no peer: it admits every peer.
	All bool
	// Pods are the pods (namespace/name) its pod and namespace selectors
	// admit, sorted.
	Pods []string
	// CIDRs are its ipBlocks.
	CIDRs []IPBlock
	// Ports are the ports it admits; none means every port.
	Ports []PolicyPort
	// Unresolved are the namespaces, sorted, whose pods a
	// namespaceSelector may admit: it needs labels of a Namespace the
	// bundle does not hold.
	Unresolved []string
}

// IPBlock is an ipBlock peer: CIDR, minus Except.
type IPBlock struct {
	CIDR   string
	Except []string
}

// PolicyPort is one port of a rule: Port is a number, a port name (of the
// destination pod), or nil for every port of Protocol; EndPort ends a
// range that starts at Port.
type PolicyPort struct {
	Protocol string
	Port     any
	EndPort  int64
}

// Policies returns the bundle's NetworkPolicies, resolved (see
// NetworkPolicies), built on first use.
func Policies(ix *bundle.Index) *NetworkPolicies {
	return ix.Derived(netpolKey{}, func() any { return resolvePolicies(ix) }).(*NetworkPolicies)
}

type netpolKey struct{}

func resolvePolicies(ix *bundle.Index) *NetworkPolicies {
	np := &NetworkPolicies{Policies: map[string]*NetworkPolicy{}, Ingress: map[string][]string{}, Egress: map[string][]string{}}
	objs := ix.OfKind("NetworkPolicy")
	if len(objs) == 0 {
		return np
	}
	nsLabels := namespaceLabels(ix)
	for _, o := range objs {
		if bundle.APIGroup(o.GetAPIVersion()) != "networking.k8s.io" {
			continue
		}
		ns, key := o.GetNamespace(), o.GetNamespace()+"/"+o.GetName()
		spec := Map(o.Object, "spec")
		sel, ok := LabelSelector(Map(spec, "podSelector"))
		if !ok {
			continue // a selector the API server would refuse
		}
		p := &NetworkPolicy{Object: o}
		ingress, egress := policyTypes(spec)
		if ingress {
			p.Ingress = policyRules(ix, nsLabels, ns, Slice(spec, "ingress"), "from")
		}
		if egress {
			p.Egress = policyRules(ix, nsLabels, ns, Slice(spec, "egress"), "to")
		}
		np.Policies[key] = p
		for _, pod := range podsSelected(ix, ns, sel) {
			if !isolable(pod) {
				continue
			}
			pk := ns + "/" + pod.GetName()
			if ingress {
				np.Ingress[pk] = append(np.Ingress[pk], key)
			}
			if egress {
				np.Egress[pk] = append(np.Egress[pk], key)
			}
		}
	}
	for _, m := range []map[string][]string{np.Ingress, np.Egress} {
		for _, ks := range m {
			sort.Strings(ks)
		}
	}
	return np
}

// policyTypes reads which directions a policy isolates.
func policyTypes(spec map[string]any) (ingress, egress bool) {
	types := Slice(spec, "policyTypes")
	if len(types) == 0 {
		_, hasEgress := spec["egress"]
		return true, hasEgress
	}
	for _, t := range types {
		switch t {
		case "Ingress":
			ingress = true
		case "Egress":
			egress = true
		}
	}
	return ingress, egress
}

// isolable is whether a policy can isolate the pod: not on the host
// network, and not ended.
func isolable(p *bundle.Object) bool {
	if Bool(p.Object, "spec", "hostNetwork") {
		return false
	}
	ph := String(p.Object, "status", "phase")
	return ph != "Succeeded" && ph != "Failed"
}
