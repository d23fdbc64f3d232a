package verify

import (
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/report"
)

// synthetic builds n Deployments in 50 namespaces, each with a ReplicaSet,
// two Ready pods, a Service and an EndpointSlice routing to both: 6n
// objects.
func synthetic(n int) (*bundle.Bundle, *report.Report) {
	var objs []*bundle.Object
	add := func(m map[string]any) {
		objs = append(objs, &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}, Source: bundle.Location{File: "objects/synthetic.yaml", Doc: len(objs)}})
	}
	tmpl := func(labels map[string]any) map[string]any {
		return map[string]any{"metadata": map[string]any{"labels": labels},
			"spec": map[string]any{"containers": []any{map[string]any{"name": "app", "image": "app:1"}}}}
	}
	for i := range n {
		ns, name := fmt.Sprintf("ns%d", i%50), fmt.Sprintf("app%d", i)
		add(map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
			"metadata": map[string]any{"name": name, "namespace": ns, "uid": "d-" + name, "generation": int64(1)},
			"spec":     map[string]any{"replicas": int64(2), "template": tmpl(map[string]any{"app": name})},
			"status":   map[string]any{"observedGeneration": int64(1), "replicas": int64(2), "updatedReplicas": int64(2), "readyReplicas": int64(2)}})
		add(map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet",
			"metadata": map[string]any{"name": name + "-h", "namespace": ns, "uid": "rs-" + name, "labels": map[string]any{"app": name, "pod-template-hash": "h"},
				"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": name, "uid": "d-" + name, "controller": true}}},
			"spec": map[string]any{"replicas": int64(2), "template": tmpl(map[string]any{"app": name, "pod-template-hash": "h"})}})
		var eps []any
		for p := range 2 {
			pod := fmt.Sprintf("%s-h-%d", name, p)
			add(map[string]any{"apiVersion": "v1", "kind": "Pod",
				"metadata": map[string]any{"name": pod, "namespace": ns, "uid": "p-" + pod, "labels": map[string]any{"app": name, "pod-template-hash": "h"},
					"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": name + "-h", "uid": "rs-" + name, "controller": true}}},
				"spec":   tmpl(nil)["spec"],
				"status": map[string]any{"phase": "Running", "conditions": []any{map[string]any{"type": "Ready", "status": "True"}}}})
			eps = append(eps, map[string]any{"addresses": []any{"10.0.0.1"}, "targetRef": map[string]any{"kind": "Pod", "name": pod}})
		}
		add(map[string]any{"apiVersion": "v1", "kind": "Service",
			"metadata": map[string]any{"name": name, "namespace": ns}, "spec": map[string]any{"selector": map[string]any{"app": name}}})
		add(map[string]any{"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
			"metadata":  map[string]any{"name": name + "-x", "namespace": ns, "labels": map[string]any{"kubernetes.io/service-name": name}},
			"endpoints": eps})
	}
	b := bundle.New(bundle.FormatRift, bundle.Meta{}, objs, nil, nil, nil)
	return b, &report.Report{Workloads: layers.Build(b)}
}

func TestSyntheticPasses(t *testing.T) {
	b, r := synthetic(60)
	res, err := Verify(b, r, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if c.Status == Fail {
			t.Errorf("%s %s: %s", c.Name, c.Subject, c.Summary)
		}
	}
	if len(res.Workloads) != 60 {
		t.Errorf("%d workloads verified, want 60", len(res.Workloads))
	}
}

// BenchmarkVerify shows the cost per object stays flat as the bundle grows
// (the analysis is measured by the layers benchmarks).
func BenchmarkVerify(b *testing.B) {
	for _, n := range []int{500, 2000, 8000} {
		bb, r := synthetic(n)
		b.Run(fmt.Sprintf("deployments=%d/objects=%d", n, len(bb.Objects)), func(b *testing.B) {
			for range b.N {
				if _, err := Verify(bb, r, Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
