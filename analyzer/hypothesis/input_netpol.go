package hypothesis

import (
	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// networkPoliciesDoc is input.network_policies: the NetworkPolicies with
// their selectors resolved against the bundle's pods (facts.Policies).
// "ingress" and "egress" map each isolated pod ("ns/name") to the policies
// ("ns/name") isolating it; "policies" maps each policy to its ref and its
// rules, each {all, pods{"ns/name": true}, cidrs[{cidr, except[]}],
// ports[{protocol, port, endPort}], unresolved[namespace]}: unresolved
// lists the namespaces whose pods the rule may admit by labels the bundle
// does not hold. Whether a connection is
// allowed is the rules' judgement.
func networkPoliciesDoc(ix *bundle.Index) (ast.Value, error) {
	return ast.InterfaceToValue(networkPolicies(ix))
}

// networkPolicies is networkPoliciesDoc's plain document.
func networkPolicies(ix *bundle.Index) map[string]any {
	np := facts.Policies(ix)
	pols := make(map[string]any, len(np.Policies))
	for k, p := range np.Policies {
		r := p.Object.Ref()
		pols[k] = map[string]any{
			"ref":     map[string]any{"apiVersion": r.APIVersion, "kind": r.Kind, "namespace": r.Namespace, "name": r.Name},
			"ingress": policyRulesDoc(p.Ingress),
			"egress":  policyRulesDoc(p.Egress),
		}
	}
	return map[string]any{
		"ingress":  stringLists(np.Ingress),
		"egress":   stringLists(np.Egress),
		"policies": pols,
	}
}

func policyRulesDoc(rs []facts.PolicyRule) []any {
	out := make([]any, len(rs))
	for i, r := range rs {
		pods := make(map[string]any, len(r.Pods))
		for _, p := range r.Pods {
			pods[p] = true
		}
		cidrs := make([]any, len(r.CIDRs))
		for j, c := range r.CIDRs {
			ex := make([]any, len(c.Except))
			for k, e := range c.Except {
				ex[k] = e
			}
			cidrs[j] = map[string]any{"cidr": c.CIDR, "except": ex}
		}
		ports := make([]any, len(r.Ports))
		for j, p := range r.Ports {
			pm := map[string]any{"protocol": p.Protocol}
			if p.Port != nil {
				pm["port"] = p.Port
			}
			if p.EndPort > 0 {
				pm["endPort"] = p.EndPort
			}
			ports[j] = pm
		}
		unresolved := make([]any, len(r.Unresolved))
		for j, ns := range r.Unresolved {
			unresolved[j] = ns
		}
		out[i] = map[string]any{"all": r.All, "pods": pods, "cidrs": cidrs, "ports": ports, "unresolved": unresolved}
	}
	return out
}

func stringLists(m map[string][]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, vs := range m {
		l := make([]any, len(vs))
		for i, v := range vs {
			l[i] = v
		}
		out[k] = l
	}
	return out
}
