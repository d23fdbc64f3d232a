package health

import (
	"context"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/rift-dev/rift/policies"
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

// BenchmarkRegoBatch256 judges 256 objects in one evaluation (each with
// `with input as`). Per object it measured 81-96 µs against 89-176 µs for
// one evaluation each (BenchmarkRegoRule) on the loaded 2-core host: a
// modest gain the registry does not take yet (docs/performance.md).
func BenchmarkRegoBatch256(b *testing.B) {
	srcs, _ := policies.Embedded("health")
	mods := map[string]*ast.Module{}
	for _, s := range srcs {
		if strings.HasSuffix(s.Name, "_test.rego") {
			continue
		}
		m, _ := ast.ParseModuleWithOpts(s.Name, s.Text, ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1})
		mods[s.Name] = m
	}
	c := ast.NewCompiler().WithDefaultRegoVersion(ast.RegoV1)
	c.Compile(mods)
	q, err := rego.New(rego.Query(`x := [h | some o in input.items; h := data.rift.health.kruise.health with input as o]`), rego.Compiler(c)).PrepareForEval(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	items := make([]any, 256)
	for i := range items {
		items[i] = cloneSet()
	}
	v, _ := ast.InterfaceToValue(map[string]any{"items": items})
	b.ResetTimer()
	for b.Loop() {
		rs, err := q.Eval(context.Background(), rego.EvalParsedInput(v))
		if err != nil || len(rs) == 0 {
			b.Fatal(err)
		}
	}
}
