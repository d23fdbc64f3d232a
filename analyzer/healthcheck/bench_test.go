package healthcheck

import (
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// customResource is the i-th of a mix of custom resources: three kinds
// Rego rules judge (an OpenKruise CloneSet, a cert-manager Certificate, a
// Strimzi KafkaTopic) and one no rule claims, which the fallback judges.
func customResource(i int) *bundle.Object {
	ready := []any{map[string]any{"type": "Ready", "status": "True", "reason": "Ready"}}
	meta := map[string]any{"name": fmt.Sprintf("cr-%d", i), "namespace": fmt.Sprintf("ns-%d", i%50), "generation": int64(2), "uid": fmt.Sprintf("uid-%d", i)}
	var m map[string]any
	switch i % 4 {
	case 0:
		m = map[string]any{"apiVersion": "apps.kruise.io/v1alpha1", "kind": "CloneSet",
			"spec":   map[string]any{"replicas": int64(3)},
			"status": map[string]any{"observedGeneration": int64(2), "replicas": int64(3), "updatedReplicas": int64(3), "updatedReadyReplicas": int64(3), "readyReplicas": int64(3)}}
	case 1:
		m = map[string]any{"apiVersion": "cert-manager.io/v1", "kind": "Certificate", "status": map[string]any{"conditions": ready}}
	case 2:
		m = map[string]any{"apiVersion": "kafka.strimzi.io/v1beta2", "kind": "KafkaTopic", "status": map[string]any{"observedGeneration": int64(2), "conditions": ready}}
	default:
		m = map[string]any{"apiVersion": "widgets.example.com/v1", "kind": "Widget", "status": map[string]any{"observedGeneration": int64(2), "conditions": ready}}
	}
	m["metadata"] = meta
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
}

// BenchmarkHealthCustomResources judges n custom resources as `rift
// health` does (the registry, each Rego rule over batches of the objects
// of kinds it claims, the fallback for the rest). ns/object stays flat
// when health is linear in the number of objects; cpu-ns/object is the
// processor time of the process (user and system, every core), steadier
// than the wall time on a shared host. Not a timed test: the numbers are
// in docs/performance.md.
func BenchmarkHealthCustomResources(b *testing.B) {
	reg, err := layers.DefaultHealth()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2000, 20000} {
		objs := make([]*bundle.Object, n)
		for i := range objs {
			objs[i] = customResource(i)
		}
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				rep, err := RunObjects(objs, reg)
				if err != nil || len(rep.Items) != n {
					b.Fatalf("judged %d of %d: %v", len(rep.Items), n, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/object")
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/object")
		})
	}
}
