package timeline

import (
	"fmt"
	"testing"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// syntheticBundle has n Deployments, each with a ReplicaSet, two pods with
// conditions and container states, and three events (one a warning loop):
// about 7n objects.
func syntheticBundle(n int) (*bundle.Bundle, []layers.Workload) {
	t0 := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	ts := func(d time.Duration) string { return t0.Add(d).Format(time.RFC3339) }
	var objs []*bundle.Object
	add := func(m map[string]any) {
		objs = append(objs, &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}, Source: bundle.Location{File: "objects/all.json", Doc: len(objs)}})
	}
	ws := make([]layers.Workload, 0, n)
	for i := range n {
		ns, name := fmt.Sprintf("ns%d", i%50), fmt.Sprintf("app%d", i)
		dUID, rUID := fmt.Sprintf("d-%d", i), fmt.Sprintf("r-%d", i)
		add(map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": map[string]any{"name": name, "namespace": ns, "uid": dUID},
			"status": map[string]any{"conditions": []any{map[string]any{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable", "lastTransitionTime": ts(time.Minute)}}}})
		owner := func(kind, n, uid string) []any {
			return []any{map[string]any{"apiVersion": "apps/v1", "kind": kind, "name": n, "uid": uid, "controller": true}}
		}
		add(map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": map[string]any{"name": name + "-abc", "namespace": ns, "uid": rUID,
			"creationTimestamp": ts(0), "ownerReferences": owner("Deployment", name, dUID)}})
		for p := range 2 {
			pod, pUID := fmt.Sprintf("%s-abc-%d", name, p), fmt.Sprintf("p-%d-%d", i, p)
			add(map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": map[string]any{"name": pod, "namespace": ns, "uid": pUID,
				"creationTimestamp": ts(0), "ownerReferences": owner("ReplicaSet", name+"-abc", rUID)},
				"status": map[string]any{"phase": "Running", "conditions": []any{map[string]any{"type": "Ready", "status": "False", "reason": "ContainersNotReady", "lastTransitionTime": ts(time.Minute)}},
					"containerStatuses": []any{map[string]any{"name": "c", "restartCount": int64(3),
						"lastState": map[string]any{"terminated": map[string]any{"exitCode": int64(1), "reason": "Error", "finishedAt": ts(2 * time.Minute)}},
						"state":     map[string]any{"waiting": map[string]any{"reason": "CrashLoopBackOff"}}}}}})
			add(map[string]any{"apiVersion": "v1", "kind": "Event", "metadata": map[string]any{"name": pod + ".1", "namespace": ns},
				"involvedObject": map[string]any{"kind": "Pod", "name": pod, "namespace": ns, "uid": pUID},
				"reason":         "BackOff", "type": "Warning", "message": "Back-off restarting failed container c in pod " + pod,
				"firstTimestamp": ts(2 * time.Minute), "lastTimestamp": ts(30 * time.Minute), "count": int64(40)})
		}
		add(map[string]any{"apiVersion": "v1", "kind": "Event", "metadata": map[string]any{"name": name + ".2", "namespace": ns},
			"involvedObject": map[string]any{"kind": "ReplicaSet", "name": name + "-abc", "namespace": ns, "uid": rUID},
			"reason":         "SuccessfulCreate", "type": "Normal", "message": "Created pod: " + name + "-abc-0", "firstTimestamp": ts(0), "count": int64(1)})
		ws = append(ws, layers.Workload{Ref: bundle.Ref{APIVersion: "apps/v1", Kind: "Deployment", Namespace: ns, Name: name}, Convergence: layers.Failed})
	}
	created := t0.Add(time.Hour)
	return bundle.New(bundle.FormatRift, bundle.Meta{CreatedAt: &created}, objs, nil, nil, nil), ws
}

// BenchmarkBuild measures Build at growing sizes; the time per object
// should stay flat (linear cost).
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		bd, ws := syntheticBundle(n)
		b.Run(fmt.Sprintf("objects=%d", len(bd.Objects)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Build(bd, ws)
			}
		})
	}
}

// TestSyntheticScale checks the synthetic bundle end to end: every chain
// gets its earliest failure and the crash, not its effects, is chosen.
func TestSyntheticScale(t *testing.T) {
	b, ws := syntheticBundle(200)
	tl := Build(b, ws)
	if len(tl.PerWorkload) != 200 {
		t.Fatalf("%d chains with an earliest failure, want 200", len(tl.PerWorkload))
	}
	for k, ef := range tl.PerWorkload {
		if ef.Entry.Reason != "Error" {
			t.Fatalf("%s: earliest %s, want the container Error", k, ef.Entry.Reason)
		}
	}
}
