package layers

import (
	"fmt"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// syntheticBundle builds n Deployments, each with a ReplicaSet, two pods,
// a Service, an EndpointSlice and an Unhealthy event: 7n objects.
func syntheticBundle(n int) *bundle.Bundle {
	var objs []*bundle.Object
	add := func(m map[string]any) {
		objs = append(objs, &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}, Source: bundle.Location{File: "objects/synthetic.yaml", Doc: len(objs)}})
	}
	tmpl := func(name string) map[string]any {
		return map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": name}},
			"spec": map[string]any{"containers": []any{map[string]any{"name": "app", "image": "app:1",
				"resources": map[string]any{"limits": map[string]any{"memory": "256Mi"}},
				"env":       []any{map[string]any{"name": "MODE", "value": "prod"}}}}},
		}
	}
	for i := 0; i < n; i++ {
		ns, name := fmt.Sprintf("ns%d", i%50), fmt.Sprintf("app%d", i)
		uid := "dep-" + name
		add(map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
			"metadata": map[string]any{"name": name, "namespace": ns, "uid": uid, "generation": int64(1)},
			"spec":     map[string]any{"replicas": int64(2), "template": tmpl(name)},
			"status":   map[string]any{"observedGeneration": int64(1), "replicas": int64(2), "updatedReplicas": int64(2), "readyReplicas": int64(2), "availableReplicas": int64(2)}})
		rt := tmpl(name)
		rt["metadata"].(map[string]any)["labels"].(map[string]any)["pod-template-hash"] = "h"
		add(map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet",
			"metadata": map[string]any{"name": name + "-h", "namespace": ns, "uid": "rs-" + name, "labels": map[string]any{"app": name, "pod-template-hash": "h"},
				"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": name, "uid": uid, "controller": true}}},
			"spec": map[string]any{"replicas": int64(2), "template": rt}})
		for p := 0; p < 2; p++ {
			pt := tmpl(name)
			pod := map[string]any{"apiVersion": "v1", "kind": "Pod",
				"metadata": map[string]any{"name": fmt.Sprintf("%s-h-%d", name, p), "namespace": ns, "uid": fmt.Sprintf("pod-%s-%d", name, p),
					"labels":          map[string]any{"app": name, "pod-template-hash": "h"},
					"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": name + "-h", "uid": "rs-" + name, "controller": true}}},
				"spec": pt["spec"],
				"status": map[string]any{"phase": "Running", "podIP": fmt.Sprintf("10.%d.%d.%d", i/65536, i/256%256, i%256*2+p),
					"conditions": []any{map[string]any{"type": "Ready", "status": "True"}}}}
			add(pod)
		}
		add(map[string]any{"apiVersion": "v1", "kind": "Service",
			"metadata": map[string]any{"name": name, "namespace": ns}, "spec": map[string]any{"selector": map[string]any{"app": name}}})
		add(map[string]any{"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
			"metadata": map[string]any{"name": name + "-x", "namespace": ns, "labels": map[string]any{"kubernetes.io/service-name": name}},
			"endpoints": []any{map[string]any{"addresses": []any{"10.0.0.1"}, "targetRef": map[string]any{"kind": "Pod", "name": name + "-h-0"}},
				map[string]any{"addresses": []any{"10.0.0.2"}, "targetRef": map[string]any{"kind": "Pod", "name": name + "-h-1"}}}})
		add(map[string]any{"apiVersion": "v1", "kind": "Event",
			"metadata":       map[string]any{"name": name + ".e", "namespace": ns},
			"involvedObject": map[string]any{"kind": "Pod", "name": name + "-h-0", "namespace": ns, "uid": "pod-" + name + "-0"},
			"reason":         "Pulled", "message": "pulled"})
	}
	return bundle.New(bundle.FormatRift, bundle.Meta{}, objs, nil, nil, nil)
}

func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{500, 2000, 8000} {
		bb := syntheticBundle(n)
		b.Run(fmt.Sprintf("deployments=%d/objects=%d", n, len(bb.Objects)), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Build(bb)
			}
		})
	}
}

func TestSyntheticBundleConverges(t *testing.T) {
	ws := Build(syntheticBundle(40))
	if len(ws) != 80 {
		t.Fatalf("got %d subjects, want 40 Deployments and 40 Services", len(ws))
	}
	for _, w := range ws {
		if w.Convergence != Converged || len(w.Divergences) != 0 {
			t.Errorf("%s: %s (%s), %d divergences", w.Ref, w.Convergence, w.ConvergenceReason, len(w.Divergences))
		}
	}
}
