package hypothesis

import (
	"context"
	"fmt"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// synthetic builds a bundle of about n objects: apps of one Deployment,
// one ReplicaSet, three Pods, one Service and one Event, where every 50th
// app crash-loops. Names and times are fixed, so runs are comparable.
func synthetic(n int) *bundle.Bundle {
	var objs []*bundle.Object
	add := func(m map[string]any) {
		objs = append(objs, &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}, Source: bundle.Location{File: "synthetic.yaml", Doc: len(objs)}})
	}
	for app := 0; len(objs) < n; app++ {
		ns := fmt.Sprintf("ns-%d", app/100)
		name := fmt.Sprintf("app-%d", app)
		failing := app%50 == 0
		add(map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
			"metadata": map[string]any{"name": name, "namespace": ns, "uid": name + "-d", "generation": int64(2)},
			"spec":     map[string]any{"replicas": int64(3), "selector": map[string]any{"matchLabels": map[string]any{"app": name}}},
			"status":   map[string]any{"observedGeneration": int64(2), "replicas": int64(3), "readyReplicas": int64(3)}})
		add(map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet",
			"metadata": map[string]any{"name": name + "-rs", "namespace": ns, "uid": name + "-rs",
				"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": name, "uid": name + "-d", "controller": true}}},
			"spec": map[string]any{"replicas": int64(3)}, "status": map[string]any{"replicas": int64(3)}})
		add(map[string]any{"apiVersion": "v1", "kind": "Service", "metadata": map[string]any{"name": name, "namespace": ns},
			"spec": map[string]any{"selector": map[string]any{"app": name}}})
		for i := range 3 {
			pod := fmt.Sprintf("%s-rs-%d", name, i)
			state := map[string]any{"running": map[string]any{"startedAt": "2026-01-01T00:00:00Z"}}
			ready := "True"
			if failing {
				state = map[string]any{"waiting": map[string]any{"reason": "CrashLoopBackOff"}}
				ready = "False"
			}
			add(map[string]any{"apiVersion": "v1", "kind": "Pod",
				"metadata": map[string]any{"name": pod, "namespace": ns, "uid": pod, "labels": map[string]any{"app": name},
					"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": name + "-rs", "uid": name + "-rs", "controller": true}}},
				"spec": map[string]any{"nodeName": fmt.Sprintf("node-%d", app%20), "containers": []any{map[string]any{"name": "app", "image": "app:1"}}},
				"status": map[string]any{"phase": "Running",
					"conditions":        []any{map[string]any{"type": "Ready", "status": ready}},
					"containerStatuses": []any{map[string]any{"name": "app", "ready": ready == "True", "restartCount": int64(0), "state": state}}}})
		}
		reason, typ := "Pulled", "Normal"
		if failing {
			reason, typ = "BackOff", "Warning"
		}
		add(map[string]any{"apiVersion": "v1", "kind": "Event",
			"metadata":       map[string]any{"name": name + ".ev", "namespace": ns},
			"involvedObject": map[string]any{"apiVersion": "v1", "kind": "Pod", "name": name + "-rs-0", "namespace": ns, "uid": name + "-rs-0"},
			"reason":         reason, "type": typ, "message": "Back-off restarting failed container", "count": int64(3),
			"lastTimestamp": "2026-01-01T00:05:00Z"})
	}
	at := time.Date(2026, 1, 1, 1, 0, 0, 0, time.UTC)
	return bundle.New(bundle.FormatDirectory, bundle.Meta{CreatedAt: &at}, objs, nil, nil, nil)
}

// BenchmarkEvaluate measures evaluation (input conversion included, with
// the workloads and timeline the pipeline builds) at growing object
// counts; the µs/object metric stays flat when evaluation is linear.
func BenchmarkEvaluate(b *testing.B) {
	e := builtinEngine(b)
	for _, n := range []int{1000, 10000, 100000} {
		bun := synthetic(n)
		ws := layers.Build(bun)
		in := Input{Bundle: bun, Workloads: ws, Timeline: timeline.Build(bun, ws)}
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := e.Evaluate(context.Background(), in); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(len(bun.Objects)), "µs/object")
		})
	}
}
