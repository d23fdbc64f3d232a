package analyzer

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
	"github.com/rift-dev/rift/internal/memory"
)

// kafkaBundle is the Kafka stale-probe bundle the layers package records
// its fixture in; analysing it end to end exercises every stage together.
const kafkaBundle = "layers/testdata/kafka-stale-probe"

// engine returns the built-in rules' engine, compiled once for the whole
// package as rift test compiles it once for every fixture: compiling
// costs about a second on a loaded 2-core machine, and
// TestGoldenFixtures analyses every fixture.
func engine(t *testing.T) *hypothesis.Engine {
	t.Helper()
	eng, err := sharedEngine()
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

var sharedEngine = sync.OnceValues(func() (*hypothesis.Engine, error) {
	return hypothesis.NewEngine(hypothesis.EngineOptions{})
})

func analyze(t *testing.T, path string) *report.Report {
	t.Helper()
	b, err := bundle.Load(path, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(context.Background(), b, engine(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func renderJSON(t *testing.T, r *report.Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Render(&buf, r, report.RenderOptions{Format: report.FormatJSON}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestAnalyzeKafka(t *testing.T) {
	r := analyze(t, kafkaBundle)
	doc := renderJSON(t, r)

	t.Run("validates against docs/report.schema.json", func(t *testing.T) {
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		sch, err := c.Compile("../docs/report.schema.json")
		if err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Error(err)
		}
	})
	t.Run("byte-identical across runs", func(t *testing.T) {
		if diff := cmp.Diff(string(doc), string(renderJSON(t, analyze(t, kafkaBundle)))); diff != "" {
			t.Errorf("second analysis differs (-first +second):\n%s", diff)
		}
	})
	t.Run("finds the statefulset", func(t *testing.T) {
		for _, w := range r.Workloads {
			if w.Ref.Kind == "StatefulSet" && w.Ref.Name == "kafka" {
				return
			}
		}
		t.Errorf("no StatefulSet kafka among %d workloads", len(r.Workloads))
	})
	t.Run("verification is the top hypothesis's acceptance", func(t *testing.T) {
		if len(r.Hypotheses) == 0 {
			t.Fatal("no hypotheses")
		}
		want := r.Hypotheses[0].Repair.Acceptance
		if r.Hypotheses[0].Status != hypothesis.Supported {
			want = []hypothesis.Acceptance{}
		}
		if diff := cmp.Diff(want, r.Verification); diff != "" {
			t.Errorf("verification (-want +got):\n%s", diff)
		}
	})
	t.Logf("verdict=%s workloads=%d entries=%d hypotheses=%d residual=%q", r.Summary.Verdict, len(r.Workloads), len(r.Timeline), len(r.Hypotheses), r.Residual)
}

func TestAnalyzeResidualWithoutGit(t *testing.T) {
	b := bundle.New(bundle.FormatDirectory, bundle.Meta{
		NotCollected: []bundle.NotCollected{{Resource: "events", Namespace: "shop", Reason: "forbidden: cannot list"}},
	}, nil, nil, nil, nil)
	r, err := Analyze(context.Background(), b, engine(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"events in shop not collected (forbidden: cannot list)", "no Git source"} {
		found := false
		for _, s := range r.Residual {
			found = found || strings.Contains(s, want)
		}
		if !found {
			t.Errorf("residual %q lacks %q", r.Residual, want)
		}
	}
}

// TestAnalyzeReportsRuleErrors: a rule that breaks the output contract
// loses its hypotheses, and the report says which rule and why, first
// among the residual risks, instead of only turning the verdict unknown.
func TestAnalyzeReportsRuleErrors(t *testing.T) {
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{PolicyDirs: []string{filepath.Join("hypothesis", "testdata", "policies", "mutating-next-check")}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Load(filepath.Join("..", "fixtures", "crash-loop", "bundle"), bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Analyze(context.Background(), b, eng)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Residual) == 0 || !strings.HasPrefix(r.Residual[0], "rule failed, so its hypotheses are missing: ") ||
		!strings.Contains(r.Residual[0], "rule restart-everything: ") || !strings.Contains(r.Residual[0], "is not a read-only command") {
		t.Errorf("residual %q: want the failed rule first", r.Residual)
	}
	if r.Summary.Verdict == "healthy" {
		t.Errorf("verdict healthy with a failed rule")
	}
}

func TestAnalyzeErrors(t *testing.T) {
	eng := engine(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		b    *bundle.Bundle
		eng  *hypothesis.Engine
		want string
	}{
		{"nil bundle", context.Background(), nil, eng, "nil bundle"},
		{"nil engine", context.Background(), &bundle.Bundle{}, nil, "nil rule engine"},
		{"cancelled", ctx, bundle.New(bundle.FormatDirectory, bundle.Meta{}, nil, nil, nil, nil), eng, "context canceled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Analyze(tt.ctx, tt.b, tt.eng)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestAnalyzeBatchSameReport: the memory policy and the loader's sharing
// tune the machine, never the report: every recorded incident renders
// the same JSON loaded plainly and analysed under Go's collector settings,
// and loaded with shared parts (bundle.LoadOptions.Share) and analysed
// under the batch policy with its checkpoints (internal/memory), as rift
// analyze does.
func TestAnalyzeBatchSameReport(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv("RIFT_HUGEPAGES", "0")
	eng := engine(t)
	for name, dir := range fixtureBundles(t) {
		t.Run(name, func(t *testing.T) {
			b, err := bundle.Load(dir, bundle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := Analyze(context.Background(), b, eng)
			if err != nil {
				t.Fatal(err)
			}
			shared, err := bundle.Load(dir, bundle.LoadOptions{Share: true})
			if err != nil {
				t.Fatal(err)
			}
			memory.Apply(memory.Batch)
			collected, err := Analyze(context.Background(), shared, eng)
			memory.Apply(memory.Steady)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(renderJSON(t, plain)), string(renderJSON(t, collected))); diff != "" {
				t.Errorf("report changed (-steady +batch):\n%s", diff)
			}
			// A shared bundle is read-only: an analysis that changed one
			// object would change every object sharing the part.
			fresh, err := bundle.Load(dir, bundle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for i, o := range shared.Objects {
				if diff := cmp.Diff(fresh.Objects[i].Object, o.Object); diff != "" {
					t.Fatalf("%v changed by the analysis (-loaded +after):\n%s", o.Source, diff)
				}
			}
		})
	}
}
