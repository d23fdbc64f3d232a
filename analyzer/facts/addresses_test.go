package facts

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func addrObject(apiVersion, kind, ns, name string, spec, status map[string]any) *bundle.Object {
	m := map[string]any{"apiVersion": apiVersion, "kind": kind, "metadata": map[string]any{"namespace": ns, "name": name}}
	if spec != nil {
		m["spec"] = spec
	}
	if status != nil {
		m["status"] = status
	}
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
}

// TestAddresses: who holds each address, and who is left out because the
// address does not name them.
func TestAddresses(t *testing.T) {
	objs := []*bundle.Object{
		addrObject("v1", "Service", "shop", "db", map[string]any{"clusterIP": "10.96.0.12", "clusterIPs": []any{"10.96.0.12", "fd00::c"}}, nil),
		addrObject("v1", "Service", "shop", "headless", map[string]any{"clusterIP": "None"}, nil),
		addrObject("serving.knative.dev/v1", "Service", "shop", "knative", map[string]any{"clusterIP": "10.96.0.99"}, nil),
		addrObject("v1", "Node", "", "worker-1", nil, map[string]any{"addresses": []any{
			map[string]any{"type": "InternalIP", "address": "10.0.0.5"},
			map[string]any{"type": "ExternalIP", "address": "147.75.195.141"},
			map[string]any{"type": "Hostname", "address": "worker-1"},
		}}),
		addrObject("v1", "Pod", "shop", "db-0", nil, map[string]any{"phase": "Running", "podIP": "10.244.1.9", "podIPs": []any{map[string]any{"ip": "10.244.1.9"}}}),
		addrObject("v1", "Pod", "kube-system", "etcd-worker-1", map[string]any{"hostNetwork": true}, map[string]any{"phase": "Running", "podIP": "10.0.0.5"}),
		addrObject("v1", "Pod", "shop", "migrate-1", nil, map[string]any{"phase": "Succeeded", "podIP": "10.244.1.3"}),
		// A stale capture: two live pods report one address.
		addrObject("v1", "Pod", "shop", "web-b", nil, map[string]any{"phase": "Running", "podIP": "10.244.2.7"}),
		addrObject("v1", "Pod", "shop", "web-a", nil, map[string]any{"phase": "Unknown", "podIP": "10.244.2.7"}),
		addrObject("v1", "Pod", "shop", "garbled", nil, map[string]any{"phase": "Running", "podIP": "not-an-ip", "podIPs": "nope"}),
	}
	ref := func(apiVersion, kind, ns, name string) bundle.Ref {
		return bundle.Ref{APIVersion: apiVersion, Kind: kind, Namespace: ns, Name: name}
	}
	want := map[string][]bundle.Ref{
		"10.96.0.12":     {ref("v1", "Service", "shop", "db")},
		"fd00::c":        {ref("v1", "Service", "shop", "db")},
		"10.0.0.5":       {ref("v1", "Node", "", "worker-1")},
		"147.75.195.141": {ref("v1", "Node", "", "worker-1")},
		"10.244.1.9":     {ref("v1", "Pod", "shop", "db-0")},
		"10.244.2.7":     {ref("v1", "Pod", "shop", "web-a"), ref("v1", "Pod", "shop", "web-b")},
	}
	got := Addresses(bundle.NewIndex(objs, nil))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Addresses (-want +got):\n%s", diff)
	}
}
