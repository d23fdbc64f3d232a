package health

import (
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// cloneSet is an OpenKruise CloneSet mid-rollout: the health-kruise Rego
// rule reads the same fields a Go Deployment judgement reads.
func cloneSet() map[string]any {
	return map[string]any{
		"apiVersion": "apps.kruise.io/v1alpha1", "kind": "CloneSet",
		"metadata": map[string]any{"name": "web", "namespace": "shop", "generation": int64(4)},
		"spec":     map[string]any{"replicas": int64(5), "updateStrategy": map[string]any{"partition": int64(0)}},
		"status": map[string]any{"observedGeneration": int64(4), "replicas": int64(5), "updatedReplicas": int64(5),
			"updatedReadyReplicas": int64(4), "readyReplicas": int64(4),
			"conditions": []any{map[string]any{"type": "FailedScale", "status": "False"}}},
	}
}

// BenchmarkRegoRule is one object judged by a prepared Rego health rule;
// BenchmarkGoFallback the same object by the Go fallback. Their ratio is
// why the judgements that run on every workload of every bundle (the core
// kinds) stay in Go.
func BenchmarkRegoRule(b *testing.B) {
	reg, err := Load(Options{})
	if err != nil {
		b.Fatal(err)
	}
	o := obj(cloneSet())
	rule := reg.Lookup(Of(o))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := reg.Eval(rule, o); !ok {
			b.Fatal("undefined")
		}
	}
}

func BenchmarkGoFallback(b *testing.B) {
	o := obj(cloneSet())
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := Fallback(o); !ok {
			b.Fatal("no judgement")
		}
	}
}

// BenchmarkEvalAll judges 256 objects as the layers and `rift health`
// do: the registry's batch query, 64 objects an evaluation, the chunks on
// the worker pool. ns/object is against BenchmarkRegoRule's ns/op.
func BenchmarkEvalAll(b *testing.B) {
	reg, err := Load(Options{})
	if err != nil {
		b.Fatal(err)
	}
	objs := make([]*bundle.Object, 256)
	for i := range objs {
		objs[i] = obj(cloneSet())
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range reg.EvalAll(objs) {
			if !e.OK {
				b.Fatal("undefined")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(objs)), "ns/object")
}
