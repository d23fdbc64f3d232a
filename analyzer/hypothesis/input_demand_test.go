package hypothesis

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// TestInputParts: the parts a module can reach are found through every
// form of reference; anything that could read any part needs them all.
func TestInputParts(t *testing.T) {
	tests := []struct {
		name, body string
		want       partSet // nil: every part
	}{
		{"dotted", `p contains n if some n, _ in input.objects.Pod`, partSet{"objects": true}},
		{"brackets", `p := count(input["timeline"].entries)`, partSet{"timeline": true}},
		{"nested", `p := input.objects[input.bundle.format]`, partSet{"objects": true, "bundle": true}},
		{"import", "import input.logs as l\np := count(l)", partSet{"logs": true}},
		{"with", `p if { q with input.version as "x" }` + "\nq if input.pods_by_node", partSet{"version": true, "pods_by_node": true}},
		{"none", `p := 1`, partSet{}},
		{"bare input", `p := count(input)`, nil},
		{"variable key", `p contains k if some k, _ in input`, nil},
		{"variable ref", `p contains v if { some k in ["logs"]; v := input[k] }`, nil},
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
			if diff := cmp.Diff(tt.want, inputParts(c.Modules)); diff != "" {
				t.Errorf("parts (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBuiltinRulesSkipTimeline: no built-in rule reads the timeline or the
// events by UID, so the engine does not build them for built-in rules.
func TestBuiltinRulesSkipTimeline(t *testing.T) {
	need := builtinEngine(t).need
	for _, p := range []string{"timeline", "events_by_uid"} {
		if need.has(p) {
			t.Errorf("built-in rules need %s", p)
		}
	}
	if !need.has("objects") || !need.has("workloads") {
		t.Errorf("built-in rules need %v, want objects and workloads among them", need)
	}
}

// timelineRule is a user rule that reads input.timeline: it must get it.
const timelineRule = `# METADATA
# title: Timeline size
# description: Counts the timeline's entries.
# custom:
#   id: user-timeline-size
#   cause: timeline-size
#   layer: runtime
#   stage: started
#   weight: 10
package rift.rules.user_timeline_size

hypothesis contains h if {
	n := count(input.timeline.entries)
	h := {
		"subject": {"apiVersion": "v1", "kind": "Namespace", "namespace": "", "name": "timeline"},
		"summary": sprintf("timeline has %d entries", [n]),
		"supporting": [{"kind": "event", "detail": "counted", "ref": {"apiVersion": "v1", "kind": "Namespace", "namespace": "", "name": "timeline"}}],
		"contradicting": [],
		"nextCheck": "kubectl get events -A",
		"repair": {"layer": "repository", "action": "none", "preconditions": [], "risks": [], "rollback": "none", "acceptance": []},
		"explains": set(),
	}
}
`

// userEngine is the built-in rules plus one user policy file, as
// `rift analyze --policy DIR` loads them.
func userEngine(t *testing.T, file, src string) *Engine {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(EngineOptions{PolicyDirs: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestUserRuleReadsTimeline: a user rule reading a part no built-in rule
// reads gets it, whole.
func TestUserRuleReadsTimeline(t *testing.T) {
	e := userEngine(t, "timeline.rego", timelineRule)
	b := fixture(t, "kafka-stale-probe", "2026-11-02T11:00:00Z")
	ws := layers.Build(b)
	tl := timeline.Build(b, ws)
	if len(tl.Entries) == 0 {
		t.Fatal("fixture has no timeline entries")
	}
	l := evaluate(t, e, Input{Bundle: b, Workloads: ws, Timeline: tl})
	h := find(l, "user-timeline-size:Namespace/timeline")
	if h == nil {
		t.Fatalf("user rule found nothing (rule errors %v): %v", l.RuleErrors, ids(l))
	}
	if want := "timeline has " + strconv.Itoa(len(tl.Entries)) + " entries"; !strings.Contains(h.Summary, want) {
		t.Errorf("summary %q, want %q", h.Summary, want)
	}
}
