package hypothesis

import (
	"strconv"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// TestWorkloadFields: a workload field is built when some module names
// it, in any form; a module that walks builds every field.
func TestWorkloadFields(t *testing.T) {
	tests := []struct {
		name, body string
		field      string
		want       bool
	}{
		{"dotted", `p contains n if { some w in input.workloads; n := count(w.stages) }`, "stages", true},
		{"brackets", `p contains n if { some w in input.workloads; n := count(w["stages"]) }`, "stages", true},
		{"object.get", `p contains n if { some w in input.workloads; n := count(object.get(w, "stages", [])) }`, "stages", true},
		{"unnamed", `p contains n if { some w in input.workloads; n := count(w.pods) }`, "stages", false},
		{"named field", `p contains n if { some w in input.workloads; n := count(w.pods) }`, "pods", true},
		{"walk", `p contains k if walk(input.workloads, [k, _])`, "stages", true},
		{"nested", `p contains n if { some w in input.workloads; some l in w.layers; n := count(l.evidence) }`, "evidence", true},
		{"nested unnamed", `p contains n if { some w in input.workloads; n := count(w.layers) }`, "evidence", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mods, err := parseSources([]source{{Name: "p.rego", Text: "package p\n" + tt.body}})
			if err != nil {
				t.Fatal(err)
			}
			c, err := compile(mods)
			if err != nil {
				t.Fatal(err)
			}
			if got := workloadFields(c.Modules).has(tt.field); got != tt.want {
				t.Errorf("has(%q) = %v, want %v", tt.field, got, tt.want)
			}
		})
	}
}

// TestBuiltinRulesSkipStages: no built-in rule names a workload's stages
// or the evidence of its layers, so they are not built; the fields the
// rules read are.
func TestBuiltinRulesSkipStages(t *testing.T) {
	f := builtinEngine(t).wfields
	for _, name := range []string{"stages", "evidence"} {
		if f.has(name) {
			t.Errorf("built-in rules name %s", name)
		}
	}
	for _, name := range []string{"ref", "pods", "layers", "divergences", "owners"} {
		if !f.has(name) {
			t.Errorf("built-in rules do not name %s", name)
		}
	}
}

// stagesRule is a user rule that reads the stages of every workload.
const stagesRule = `# METADATA
# title: Stage count
# description: Counts the rollout stages of all workloads.
# custom:
#   id: user-stage-count
#   cause: stage-count
#   layer: runtime
#   stage: started
#   weight: 10
package rift.rules.user_stage_count

hypothesis contains h if {
	n := sum([count(w.stages) | some w in input.workloads])
	h := {
		"subject": {"apiVersion": "v1", "kind": "Namespace", "namespace": "", "name": "stages"},
		"summary": sprintf("workloads have %d stages", [n]),
		"supporting": [{"kind": "event", "detail": "counted", "ref": {"apiVersion": "v1", "kind": "Namespace", "namespace": "", "name": "stages"}}],
		"contradicting": [],
		"nextCheck": "kubectl get deploy -A",
		"repair": {"layer": "repository", "action": "none", "preconditions": [], "risks": [], "rollback": "none", "acceptance": []},
		"explains": set(),
	}
}
`

// TestUserRuleReadsStages: a user rule naming stages gets every stage of
// every workload.
func TestUserRuleReadsStages(t *testing.T) {
	e := userEngine(t, "stages.rego", stagesRule)
	b := fixture(t, "kafka-stale-probe", "2026-11-02T11:00:00Z")
	ws := layers.Build(b)
	latest := map[string]int{}
	for _, w := range ws {
		latest[w.Ref.String()] = len(w.Stages)
	}
	want := 0
	for _, n := range latest {
		want += n
	}
	if want == 0 {
		t.Fatal("fixture has no stages")
	}
	l := evaluate(t, e, Input{Bundle: b, Workloads: ws, Timeline: timeline.Build(b, ws)})
	h := find(l, "user-stage-count:Namespace/stages")
	if h == nil {
		t.Fatalf("user rule found nothing (rule errors %v): %v", l.RuleErrors, ids(l))
	}
	if s := "workloads have " + strconv.Itoa(want) + " stages"; !strings.Contains(h.Summary, s) {
		t.Errorf("summary %q, want %q", h.Summary, s)
	}
}

// TestLayerEvidenceOnDemand: a layer's evidence is built exactly when
// the fields name it, and is then the layer's whole evidence list.
func TestLayerEvidenceOnDemand(t *testing.T) {
	b := fixture(t, "kafka-stale-probe", "2026-11-02T11:00:00Z")
	ws := layers.Build(b)
	w := ws[0]
	if len(w.Layers) == 0 || len(w.Layers[0].Evidence) == 0 {
		t.Fatal("fixture's first workload has no layer evidence")
	}
	for _, tt := range []struct {
		name   string
		fields fieldSet
		want   int // evidence items of the first layer; -1: no evidence field
	}{
		{"named", fieldSet{"layers": true, "evidence": true}, len(w.Layers[0].Evidence)},
		{"unnamed", fieldSet{"layers": true}, -1},
		{"all", nil, len(w.Layers[0].Evidence)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, err := newConverter().workload(&w, tt.fields)
			if err != nil {
				t.Fatal(err)
			}
			l, err := v.(ast.Object).Get(ast.StringTerm("layers")).Value.(*ast.Array).Elem(0).Value.(ast.Object).Find(ast.Ref{ast.StringTerm("evidence")})
			got := -1
			if err == nil {
				got = l.(*ast.Array).Len()
			}
			if got != tt.want {
				t.Errorf("evidence items %d, want %d", got, tt.want)
			}
		})
	}
}
