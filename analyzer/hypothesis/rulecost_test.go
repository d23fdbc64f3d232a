package hypothesis

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/profiler"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// benchInput is the input the rule benchmarks judge: the bundle at
// $RIFT_BENCH_BUNDLE (e.g. one `rift dev gen-bundle` wrote) when set, else
// the synthetic bundle of 10k objects.
func benchInput(b testing.TB) Input {
	b.Helper()
	var bun *bundle.Bundle
	if p := os.Getenv("RIFT_BENCH_BUNDLE"); p != "" {
		var err error
		if bun, err = bundle.Load(p, bundle.LoadOptions{Share: true}); err != nil {
			b.Fatal(err)
		}
	} else {
		bun = synthetic(10000)
	}
	bun.Index = bundle.NewIndex(bun.Objects, bun.Logs)
	ws := layers.Build(bun)
	return Input{Bundle: bun, Workloads: ws, Timeline: timeline.Build(bun, ws)}
}

// BenchmarkRules splits the rules phase: "input" converts the input to an
// AST value, "input/PART" builds one top-level part of it alone, and one
// sub-benchmark per enabled rule evaluates that rule
// alone on the converted value, so the expensive rules stand out. Besides
// wall time each reports cpu-ms/op, the process's CPU time per operation,
// which a shared machine disturbs less than wall time:
//
//	RIFT_BENCH_BUNDLE=/tmp/b10k.tar.gz go test ./analyzer/hypothesis -run '^$' -bench Rules -benchtime 3x
func BenchmarkRules(b *testing.B) {
	e := builtinEngine(b)
	in := benchInput(b)
	b.Run("input", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := in.valueFor(e.need, e.wfields); err != nil {
				b.Fatal(err)
			}
		}
	})
	// Each part alone, as valueFor builds it (parts that share a build,
	// like the event maps' event list, each pay for it here).
	for _, p := range parts {
		if !e.need.has(p.name) {
			continue
		}
		b.Run("input/"+p.name, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				if _, err := p.build(in.build(e.wfields)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	v, err := in.valueFor(e.need, e.wfields)
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range e.enabled {
		b.Run(r.rule.ID, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				if _, err := r.eval(context.Background(), v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRuleLines profiles each rule once with OPA's profiler and logs
// its costliest expressions (time, evaluations, file:line), which shows
// where a rule spends its time, continuations excluded. With -v:
//
//	RIFT_BENCH_BUNDLE=/tmp/b10k.tar.gz go test ./analyzer/hypothesis -run '^$' -bench RuleLines -benchtime 1x -v
func BenchmarkRuleLines(b *testing.B) {
	e := builtinEngine(b)
	v, err := benchInput(b).value(e.need)
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range e.enabled {
		b.Run(r.rule.ID, func(b *testing.B) {
			for b.Loop() {
				p := profiler.New()
				if _, err := r.query.Eval(context.Background(), rego.EvalParsedInput(v), rego.EvalQueryTracer(p)); err != nil {
					b.Fatal(err)
				}
				for _, s := range p.ReportTopNResults(5, []string{"total_time_ns"}) {
					b.Logf("%8.1f ms %7d evals %s:%d", float64(s.ExprTimeNs)/1e6, s.NumEval, s.Location.File, s.Location.Row)
				}
			}
		})
	}
}

// reportCPU starts measuring the process's CPU time; the function it
// returns reports it per operation as cpu-ms/op.
func reportCPU(b *testing.B) func() {
	c0 := cpuTime()
	return func() {
		b.ReportMetric(float64(cpuTime()-c0)/1e6/float64(b.N), "cpu-ms/op")
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
