package facts

import (
	"sort"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// nsNameLabel is the label the API server sets on every namespace to its
// name (Kubernetes 1.21 and later): known even when the bundle holds no
// Namespace object.
const nsNameLabel = "kubernetes.io/metadata.name"

// LabelSelector converts a metav1.LabelSelector as decoded (matchLabels,
// matchExpressions). An absent or empty one selects everything; one the
// API server would refuse (an unknown operator, a value list where none
// belongs) reports false.
func LabelSelector(m map[string]any) (labels.Selector, bool) {
	var ls metav1.LabelSelector
	for k, v := range Map(m, "matchLabels") {
		s, _ := v.(string)
		if ls.MatchLabels == nil {
			ls.MatchLabels = map[string]string{}
		}
		ls.MatchLabels[k] = s
	}
	for _, e := range Slice(m, "matchExpressions") {
		em, _ := e.(map[string]any)
		r := metav1.LabelSelectorRequirement{Key: String(em, "key"), Operator: metav1.LabelSelectorOperator(String(em, "operator"))}
		for _, v := range Slice(em, "values") {
			s, _ := v.(string)
			r.Values = append(r.Values, s)
		}
		ls.MatchExpressions = append(ls.MatchExpressions, r)
	}
	sel, err := metav1.LabelSelectorAsSelector(&ls)
	return sel, err == nil
}

// namespaceLabels maps every namespace the bundle knows (from Namespace
// objects and from any namespaced pod) to its labels, the name label
// always included; known reports whether the Namespace object was there.
func namespaceLabels(ix *bundle.Index) map[string]nsInfo {
	out := map[string]nsInfo{}
	for _, n := range ix.OfKind("Namespace") {
		l := labels.Set{}
		for k, v := range n.GetLabels() {
			l[k] = v
		}
		l[nsNameLabel] = n.GetName()
		out[n.GetName()] = nsInfo{labels: l, known: true}
	}
	for _, p := range ix.OfKind("Pod") {
		if ns := p.GetNamespace(); ns != "" {
			if _, ok := out[ns]; !ok {
				out[ns] = nsInfo{labels: labels.Set{nsNameLabel: ns}}
			}
		}
	}
	return out
}

type nsInfo struct {
	labels labels.Set
	known  bool
}

// policyRules resolves the rules of one direction; peersKey is "from" for
// ingress, "to" for egress.
func policyRules(ix *bundle.Index, nss map[string]nsInfo, ns string, rules []any, peersKey string) []PolicyRule {
	out := make([]PolicyRule, 0, len(rules))
	for _, r := range rules {
		rm, _ := r.(map[string]any)
		pr := PolicyRule{Ports: policyPorts(Slice(rm, "ports"))}
		peers := Slice(rm, peersKey)
		pr.All = len(peers) == 0
		pods, unresolved := map[string]bool{}, map[string]bool{}
		for _, p := range peers {
			pm, _ := p.(map[string]any)
			if ip := Map(pm, "ipBlock"); ip != nil {
				b := IPBlock{CIDR: String(ip, "cidr")}
				for _, e := range Slice(ip, "except") {
					if s, ok := e.(string); ok {
						b.Except = append(b.Except, s)
					}
				}
				pr.CIDRs = append(pr.CIDRs, b)
				continue
			}
			peerPods(ix, nss, ns, pm, pods, unresolved)
		}
		pr.Pods, pr.Unresolved = sortedKeys(pods), sortedKeys(unresolved)
		out = append(out, pr)
	}
	return out
}

// peerPods adds the pods one pod/namespace peer admits to pods, and to
// unresolved the namespaces whose labels its namespaceSelector needs and
// the bundle lacks.
func peerPods(ix *bundle.Index, nss map[string]nsInfo, ns string, peer map[string]any, pods, unresolved map[string]bool) {
	podSel := labels.Everything()
	if m, ok := peer["podSelector"].(map[string]any); ok {
		s, valid := LabelSelector(m)
		if !valid {
			return
		}
		podSel = s
	}
	namespaces := []string{ns}
	if m, ok := peer["namespaceSelector"].(map[string]any); ok {
		nsSel, valid := LabelSelector(m)
		if !valid {
			return
		}
		namespaces = namespaces[:0]
		for name, info := range nss {
			switch {
			case nsSel.Matches(info.labels):
				namespaces = append(namespaces, name)
			case !info.known && !onlyNameLabel(m):
				unresolved[name] = true
			}
		}
	}
	for _, n := range namespaces {
		for _, p := range podsSelected(ix, n, podSel) {
			pods[n+"/"+p.GetName()] = true
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	if len(m) == 0 {
		return nil
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// onlyNameLabel is whether a selector reads no label but the namespace's
// name, which every namespace carries.
func onlyNameLabel(m map[string]any) bool {
	for k := range Map(m, "matchLabels") {
		if k != nsNameLabel {
			return false
		}
	}
	for _, e := range Slice(m, "matchExpressions") {
		em, _ := e.(map[string]any)
		if String(em, "key") != nsNameLabel {
			return false
		}
	}
	return true
}

// policyPorts reads a rule's ports: protocol (TCP when absent), port (a
// number, a name, or absent for all) and endPort.
func policyPorts(ps []any) []PolicyPort {
	out := make([]PolicyPort, 0, len(ps))
	for _, p := range ps {
		pm, _ := p.(map[string]any)
		pp := PolicyPort{Protocol: String(pm, "protocol")}
		if pp.Protocol == "" {
			pp.Protocol = "TCP"
		}
		if v, ok := IntOrString(pm["port"]); ok {
			if v.Type == 0 {
				pp.Port = int64(v.IntVal)
			} else {
				pp.Port = v.StrVal
			}
		}
		pp.EndPort, _ = Int64(pm, "endPort")
		out = append(out, pp)
	}
	return out
}

// podsSelected is the pods of namespace ns that sel matches; an empty
// selector matches them all (Index.SelectPods matches none).
func podsSelected(ix *bundle.Index, ns string, sel labels.Selector) []*bundle.Object {
	if sel.Empty() {
		return ix.PodsInNamespace(ns)
	}
	return ix.SelectPods(ns, sel)
}
