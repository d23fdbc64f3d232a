package facts

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// netpolObjects decodes a multi-document YAML of objects.
func netpolObjects(t *testing.T, docs string) []*bundle.Object {
	t.Helper()
	objs, errs := bundle.DecodeDocuments("objects.yaml", []byte(docs))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return objs
}

const netpolPods = `
apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {team: shop}}
---
apiVersion: v1
kind: Pod
metadata: {name: api-1, namespace: shop, labels: {app: api}}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: redis-0, namespace: shop, labels: {app: redis}}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: done-1, namespace: shop, labels: {app: api}}
status: {phase: Succeeded}
---
apiVersion: v1
kind: Pod
metadata: {name: agent-1, namespace: shop, labels: {app: agent}}
spec: {hostNetwork: true}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: prom-0, namespace: monitoring, labels: {app: prometheus}}
status: {phase: Running}
`

// TestPolicies: which pods each policy isolates, in which direction, and
// which peers its rules admit, resolved the way the NetworkPolicy API
// defines.
func TestPolicies(t *testing.T) {
	tests := []struct {
		name            string
		policy          string
		ingress, egress map[string][]string
		rules           map[string][2][]PolicyRule // policy key: ingress, egress
	}{{
		name:    "default deny ingress isolates every live pod but the host-network one",
		policy:  `{apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, metadata: {name: deny, namespace: shop}, spec: {podSelector: {}, policyTypes: [Ingress]}}`,
		ingress: map[string][]string{"shop/api-1": {"shop/deny"}, "shop/redis-0": {"shop/deny"}},
		egress:  map[string][]string{},
		rules:   map[string][2][]PolicyRule{"shop/deny": {{}, nil}},
	}, {
		name: "without policyTypes an egress section isolates egress too",
		policy: `{apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, metadata: {name: api, namespace: shop}, spec: {podSelector: {matchLabels: {app: api}},
		  egress: [{to: [{podSelector: {matchLabels: {app: redis}}}], ports: [{port: 6379}, {protocol: UDP, port: dns}, {port: 8000, endPort: 8100}]}]}}`,
		ingress: map[string][]string{"shop/api-1": {"shop/api"}},
		egress:  map[string][]string{"shop/api-1": {"shop/api"}},
		rules: map[string][2][]PolicyRule{"shop/api": {{}, {{Pods: []string{"shop/redis-0"}, Ports: []PolicyPort{
			{Protocol: "TCP", Port: int64(6379)}, {Protocol: "UDP", Port: "dns"}, {Protocol: "TCP", Port: int64(8000), EndPort: 8100},
		}}}}},
	}, {
		name: "namespace selectors read the Namespace's labels and the name label of any namespace",
		policy: `{apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, metadata: {name: redis, namespace: shop}, spec: {podSelector: {matchLabels: {app: redis}}, policyTypes: [Ingress],
		  ingress: [{from: [{namespaceSelector: {matchLabels: {team: shop}}, podSelector: {matchExpressions: [{key: app, operator: In, values: [api]}]}}]},
		            {from: [{namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: monitoring}}}]},
		            {from: [{namespaceSelector: {matchLabels: {team: observability}}}]},
		            {from: [{ipBlock: {cidr: 10.0.0.0/8, except: [10.0.1.0/24]}}]},
		            {}]}}`,
		ingress: map[string][]string{"shop/redis-0": {"shop/redis"}},
		egress:  map[string][]string{},
		rules: map[string][2][]PolicyRule{"shop/redis": {{
			{Pods: []string{"shop/api-1", "shop/done-1"}, Unresolved: []string{"monitoring"}},
			{Pods: []string{"monitoring/prom-0"}},
			// monitoring has no Namespace object: its team label is unknown.
			{Unresolved: []string{"monitoring"}},
			{CIDRs: []IPBlock{{CIDR: "10.0.0.0/8", Except: []string{"10.0.1.0/24"}}}},
			{All: true},
		}, nil}},
	}, {
		name:    "a selector the API server would refuse selects nothing",
		policy:  `{apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, metadata: {name: bad, namespace: shop}, spec: {podSelector: {matchExpressions: [{key: app, operator: Near}]}}}`,
		ingress: map[string][]string{},
		egress:  map[string][]string{},
		rules:   map[string][2][]PolicyRule{},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs := append(netpolObjects(t, netpolPods), netpolObjects(t, tt.policy)...)
			np := Policies(bundle.NewIndex(objs, nil))
			if diff := cmp.Diff(tt.ingress, np.Ingress); diff != "" {
				t.Errorf("ingress (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.egress, np.Egress); diff != "" {
				t.Errorf("egress (-want +got):\n%s", diff)
			}
			got := map[string][2][]PolicyRule{}
			for k, p := range np.Policies {
				got[k] = [2][]PolicyRule{p.Ingress, p.Egress}
			}
			if diff := cmp.Diff(tt.rules, got, cmp.Comparer(func(a, b []PolicyRule) bool { return cmp.Equal(normRules(a), normRules(b)) })); diff != "" {
				t.Errorf("rules (-want +got):\n%s", diff)
			}
		})
	}
}

// normRules treats a nil and an empty list alike.
func normRules(rs []PolicyRule) []PolicyRule {
	out := []PolicyRule{}
	for _, r := range rs {
		if len(r.Ports) == 0 {
			r.Ports = nil
		}
		out = append(out, r)
	}
	return out
}
