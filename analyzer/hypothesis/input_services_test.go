package hypothesis

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestServicePodsInput: service_pods and pod_services convert the facts'
// selection: core Services with a selector only, pods and Services in
// bundle order. A Knative Service shares the kind but not the group, and
// stays out even with a selector.
func TestServicePodsInput(t *testing.T) {
	o := func(apiVersion, kind, name string, meta, spec map[string]any) *bundle.Object {
		m := map[string]any{"namespace": "shop", "name": name}
		for k, v := range meta {
			m[k] = v
		}
		return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": apiVersion, "kind": kind, "metadata": m, "spec": spec}}}
	}
	web := map[string]any{"labels": map[string]any{"app": "web"}}
	sel := map[string]any{"selector": map[string]any{"app": "web"}}
	ix := bundle.NewIndex([]*bundle.Object{
		o("v1", "Pod", "web-2", web, nil),
		o("v1", "Pod", "web-1", web, nil),
		o("v1", "Service", "web", nil, sel),
		o("v1", "Service", "web-canary", nil, sel),
		o("v1", "Service", "nothing", nil, map[string]any{"selector": map[string]any{"app": "gone"}}),
		o("v1", "Service", "db", nil, map[string]any{"type": "ExternalName", "externalName": "db.example.com"}),
		o("serving.knative.dev/v1", "Service", "kweb", nil, sel),
	}, nil)
	svcPods, podSvcs := servicePods(ix)
	want := map[string]any{
		"service_pods": map[string]any{"shop/web": []any{"web-2", "web-1"}, "shop/web-canary": []any{"web-2", "web-1"}, "shop/nothing": []any{}},
		"pod_services": map[string]any{"shop/web-2": []any{"web", "web-canary"}, "shop/web-1": []any{"web", "web-canary"}},
	}
	got := map[string]any{"service_pods": svcPods, "pod_services": podSvcs}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
