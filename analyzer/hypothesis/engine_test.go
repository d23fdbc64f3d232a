package hypothesis

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

var (
	engineOnce sync.Once
	builtin    *Engine
	builtinErr error
)

// builtinEngine compiles the built-in policies once for the package's tests.
func builtinEngine(t testing.TB) *Engine {
	t.Helper()
	engineOnce.Do(func() { builtin, builtinErr = NewEngine(EngineOptions{}) })
	if builtinErr != nil {
		t.Fatalf("NewEngine: %v", builtinErr)
	}
	return builtin
}

// fixture loads testdata/<name>.yaml into a bundle captured at capture.
func fixture(t testing.TB, name string, capture string) *bundle.Bundle {
	t.Helper()
	file := filepath.Join("testdata", name+".yaml")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	objs, errs := bundle.DecodeDocuments(file, data)
	if len(errs) > 0 {
		t.Fatalf("decode %s: %v", file, errs)
	}
	at, err := time.Parse(time.RFC3339, capture)
	if err != nil {
		t.Fatal(err)
	}
	meta := bundle.Meta{APIVersion: bundle.APIVersion, Kind: "Bundle", CreatedAt: &at}
	return bundle.New(bundle.FormatDirectory, meta, objs, nil, nil, nil)
}

func evaluate(t testing.TB, e *Engine, in Input) *Ledger {
	t.Helper()
	l, err := e.Evaluate(context.Background(), in)
	if err != nil {
		t.Fatalf("Evaluate: %v", err)
	}
	return l
}

func find(l *Ledger, id string) *Hypothesis {
	for i := range l.Hypotheses {
		if l.Hypotheses[i].ID == id {
			return &l.Hypotheses[i]
		}
	}
	return nil
}

func ids(l *Ledger) []string {
	var out []string
	for _, h := range l.Hypotheses {
		out = append(out, h.ID+" "+h.Status)
	}
	return out
}

// TestSeedIncidents checks the expert's answer for each seed incident: the
// rank-1 cause, the effects it explains, and the verdict.
func TestSeedIncidents(t *testing.T) {
	tempoDivergence := layers.Divergence{
		Between:  [2]string{layers.LayerController, layers.LayerRuntime},
		Object:   bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "tracing", Name: "tempo-0"},
		Path:     "spec.containers[name=tempo].resources.limits.memory",
		Expected: json.RawMessage(`"768Mi"`), Observed: json.RawMessage(`"384Mi"`),
	}
	tests := []struct {
		name, fixture, capture string
		workloads              []layers.Workload
		wantTop                string
		wantExplained          map[string]string // effect ID -> one of its ExplainedBy
		wantVerdict            string
		wantPrecondition       string // a word the top repair's preconditions must name
	}{
		{
			name: "kafka stale readiness probe", fixture: "kafka-stale-probe", capture: "2026-11-02T10:45:00Z",
			wantTop:          "rollout-blocked:StatefulSet/kafka/kafka",
			wantExplained:    map[string]string{"probe-failing:Pod/kafka/kafka-0": "rollout-blocked:StatefulSet/kafka/kafka"},
			wantVerdict:      VerdictDegraded,
			wantPrecondition: "PodDisruptionBudget",
		},
		{
			name: "tempo limit never reached the pod", fixture: "tempo-old-limit", capture: "2026-11-03T15:00:00Z",
			workloads: []layers.Workload{{
				Ref:         bundle.Ref{APIVersion: "apps/v1", Kind: "StatefulSet", Namespace: "tracing", Name: "tempo"},
				Convergence: layers.Blocked,
				Blocker:     layers.BlockerOrderedReady,
				Divergences: []layers.Divergence{tempoDivergence},
				Pods:        []layers.PodState{{Name: "tempo-0", Revision: "tempo-6c7d8e", Phase: "Running", Restarts: 41, Reason: "OOMKilled"}},
			}},
			wantTop: "rollout-blocked:StatefulSet/tracing/tempo",
			wantExplained: map[string]string{
				"oom-killed:Pod/tracing/tempo-0": "rollout-blocked:StatefulSet/tracing/tempo",
				"crash-loop:Pod/tracing/tempo-0": "oom-killed:Pod/tracing/tempo-0",
			},
			wantVerdict:      VerdictDegraded,
			wantPrecondition: "PersistentVolumeClaims",
		},
		{
			name: "new replicaset pending before migration", fixture: "pending-before-migration", capture: "2026-11-05T12:30:00Z",
			wantTop:     "unschedulable:ReplicaSet/shop/web-7f9c",
			wantVerdict: VerdictDegraded,
		},
		{
			name: "dns failure behind external secret", fixture: "dns-externalsecret-chain", capture: "2026-11-06T07:30:00Z",
			wantTop: "dns-resolution-failed:Host/vault.internal.example",
			wantExplained: map[string]string{
				"external-secret-failed:ExternalSecret/shop/app-secrets": "dns-resolution-failed:Host/vault.internal.example",
				"config-missing:Secret/shop/app-secrets":                 "external-secret-failed:ExternalSecret/shop/app-secrets",
				"config-missing:Pod/shop/api-6d5f-q7w8e":                 "config-missing:Secret/shop/app-secrets",
			},
			wantVerdict: VerdictDegraded,
		},
		{
			name: "healthy web", fixture: "healthy-web", capture: "2026-11-04T09:00:00Z",
			wantVerdict: VerdictHealthy,
		},
	}
	e := builtinEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fixture(t, tt.fixture, tt.capture)
			// The rules read the layers' verdicts: a seed without
			// hand-made workloads gets the ones the layers build.
			ws := tt.workloads
			if ws == nil {
				ws = layers.Build(b)
			}
			l := evaluate(t, e, Input{Bundle: b, Workloads: ws})
			t.Logf("ledger: %v", ids(l))
			if l.Summary.Verdict != tt.wantVerdict {
				t.Errorf("verdict = %q, want %q; ledger %v", l.Summary.Verdict, tt.wantVerdict, ids(l))
			}
			if tt.wantTop == "" {
				for _, h := range l.Hypotheses {
					if h.Status == Supported {
						t.Errorf("healthy bundle has supported hypothesis %s", h.ID)
					}
				}
				return
			}
			if len(l.Hypotheses) == 0 || l.Hypotheses[0].ID != tt.wantTop {
				t.Fatalf("rank 1 = %v, want %s", ids(l), tt.wantTop)
			}
			top := l.Hypotheses[0]
			if top.Status != Supported || len(top.ExplainedBy) != 0 {
				t.Errorf("rank 1 status %s explainedBy %v, want supported root", top.Status, top.ExplainedBy)
			}
			if !strings.HasPrefix(l.Summary.EarliestCause, top.Cause+" on "+top.Subject.String()) {
				t.Errorf("earliestCause = %q", l.Summary.EarliestCause)
			}
			for effect, cause := range tt.wantExplained {
				h := find(l, effect)
				if h == nil {
					t.Errorf("missing hypothesis %s in %v", effect, ids(l))
					continue
				}
				if !slices.Contains(h.ExplainedBy, cause) {
					t.Errorf("%s explainedBy %v, want %s", effect, h.ExplainedBy, cause)
				}
				if c := find(l, cause); c != nil && c.Rank >= h.Rank {
					t.Errorf("cause %s rank %d not above effect %s rank %d", cause, c.Rank, effect, h.Rank)
				}
			}
			if tt.wantPrecondition != "" && !strings.Contains(strings.Join(top.Repair.Preconditions, "\n"), tt.wantPrecondition) {
				t.Errorf("repair preconditions %q do not name %s", top.Repair.Preconditions, tt.wantPrecondition)
			}
		})
	}
}

// TestSeedSummaries runs the Kafka and Tempo seeds through the real
// pipeline: the rank-1 summary must say which change never reached the pod.
func TestSeedSummaries(t *testing.T) {
	tests := []struct{ fixture, capture, want string }{
		{"kafka-stale-probe", "2026-11-02T10:45:00Z", `spec.containers[name=kafka].readinessProbe is {"exec":`},
		{"tempo-old-limit", "2026-11-03T15:00:00Z", `spec.containers[name=tempo].resources.limits.memory is "384Mi" on tempo-0 (template "768Mi")`},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			b := fixture(t, tt.fixture, tt.capture)
			ws := layers.Build(b)
			l := evaluate(t, builtinEngine(t), Input{Bundle: b, Workloads: ws, Timeline: timeline.Build(b, ws)})
			if len(l.Hypotheses) == 0 || l.Hypotheses[0].Cause != "rollout-blocked" {
				t.Fatalf("ledger %v, want rollout-blocked at rank 1", ids(l))
			}
			if got := l.Hypotheses[0].Summary; !strings.Contains(got, tt.want) {
				t.Errorf("rank 1 summary %q does not say %q", got, tt.want)
			}
		})
	}
}
