package health

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"

	"github.com/rift-dev/rift/internal/testcorpus"
)

// evalEach is EvalAll done the slow way: Eval on one object at a time.
func evalEach(reg *Registry, objs []*bundle.Object) []Evaluated {
	out := make([]Evaluated, len(objs))
	for i, o := range objs {
		if x := reg.Lookup(Of(o)); x != nil && x.Origin != OriginGo {
			out[i].Rule = x
			out[i].Result, out[i].OK = reg.Eval(x, o)
		}
	}
	return out
}

func diffEvaluated(t *testing.T, want, got []Evaluated, objs []*bundle.Object) {
	t.Helper()
	if len(want) != len(got) {
		t.Fatalf("EvalAll returned %d answers for %d objects", len(got), len(want))
	}
	bad := 0
	for i := range want {
		if diff := cmp.Diff(want[i], got[i], cmp.Comparer(func(a, b *Rule) bool { return a == b })); diff != "" {
			if bad++; bad <= 10 {
				t.Errorf("object %d (%s): EvalAll differs from Eval (-Eval +EvalAll):\n%s", i, Of(objs[i]), diff)
			}
		}
	}
	if bad > 10 {
		t.Errorf("... %d objects differ in all", bad)
	}
}

// TestEvalAllIsEvalOnTheCorpus: every object of Argo CD's health corpus
// (975 cases of 206 kinds, testdata/corpus/argo-cd-health), three times
// over and interleaved, so that each chunk holds objects of one kind in
// every state, gets from EvalAll exactly what Eval gives it alone.
func TestEvalAllIsEvalOnTheCorpus(t *testing.T) {
	reg, err := Load(Options{})
	if err != nil {
		t.Fatal(err)
	}
	objs := corpusObjects(t)
	n := len(objs)
	for r := 1; r < 3; r++ {
		for i := range n {
			objs = append(objs, objs[(i*7+r)%n])
		}
	}
	diffEvaluated(t, evalEach(reg, objs), reg.EvalAll(objs), objs)
}

// corpusObjects reads the objects of Argo CD's health corpus.
func corpusObjects(t *testing.T) []*bundle.Object {
	t.Helper()
	ms, err := testcorpus.ArgoHealthObjects("../..")
	if err != nil {
		t.Fatal(err)
	}
	objs := make([]*bundle.Object, len(ms))
	for i, m := range ms {
		objs[i] = obj(m)
	}
	return objs
}

// edgeRule answers for Gadgets by spec.mode: a judgement, false, a value
// that is no judgement, two values (an evaluation error), or nothing.
const edgeRule = `# METADATA
# title: Gadgets
# custom:
#   id: user-gadgets
#   group: example.com
#   kinds: [Gadget]
package rift.health.user_gadgets

health := {"status": "converged", "reason": sprintf("gadget %v", [input.metadata.name]), "fields": ["spec.mode"]} if input.spec.mode == "ok"

health := false if input.spec.mode == "false"

health := "fine" if input.spec.mode == "string"

health := {"status": "blocked", "reason": "one", "fields": []} if input.spec.mode == "two"

health := {"status": "failed", "reason": "two", "fields": []} if input.spec.mode == "two"

health := {"status": "sideways", "reason": "", "fields": []} if input.spec.mode == "bad status"
`

// TestEvalAllIsEvalAtTheEdges: what a rule says of one object never
// changes what EvalAll says of the others in its chunk, and each answer
// (a result, an undefined or false health, a malformed one, an error,
// no Rego rule) is Eval's.
func TestEvalAllIsEvalAtTheEdges(t *testing.T) {
	reg, err := Load(Options{PolicyDirs: []string{writeDir(t, map[string]string{"gadgets.rego": edgeRule})},
		Go: []GoRule{{ID: "go-gears", Title: "Gears", Kinds: []GroupKind{{Group: "example.com", Kind: "Gear"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	answers := []string{"ok", "false", "string", "bad status", "none", "ok"}
	withError := append([]string{"two"}, answers...)
	tests := []struct {
		name  string
		kinds []string
		modes []string
		count int
	}{
		{"one chunk", []string{"Gadget"}, answers, 20},
		{"several chunks", []string{"Gadget"}, answers, 3 * batchSize},
		{"an error in every chunk", []string{"Gadget"}, withError, 3 * batchSize},
		{"an error in one chunk", []string{"Gadget"}, answers, 3*batchSize - 1},
		{"with kinds no Rego rule claims", []string{"Gadget", "Gear", "Widget"}, answers, 2 * batchSize},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var objs []*bundle.Object
			for i := range tc.count {
				objs = append(objs, obj(map[string]any{"apiVersion": "example.com/v1", "kind": tc.kinds[i%len(tc.kinds)],
					"metadata": map[string]any{"name": "g" + string(rune('a'+i%26))},
					"spec":     map[string]any{"mode": tc.modes[i%len(tc.modes)]}}))
			}
			if strings.HasPrefix(tc.name, "an error in one chunk") {
				objs = append(objs, obj(map[string]any{"apiVersion": "example.com/v1", "kind": "Gadget",
					"metadata": map[string]any{"name": "two"}, "spec": map[string]any{"mode": "two"}}))
			}
			want := evalEach(reg, objs)
			diffEvaluated(t, want, reg.EvalAll(objs), objs)
			ok := 0
			for _, w := range want {
				if w.OK && w.Result.Status == Converged {
					ok++
				}
			}
			if ok == 0 {
				t.Error("no object judged converged: the test exercises nothing")
			}
		})
	}
}
