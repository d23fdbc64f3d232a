package hypothesis

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestMalformedObjects: objects with duplicate, mistyped and ambiguous
// fields never make a rule fail (no eval conflict, no type error), and the
// rules still find what is there.
func TestMalformedObjects(t *testing.T) {
	file := filepath.Join("testdata", "malformed-objects.yaml")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	objs, loadErrs := bundle.DecodeDocuments(file, data)
	t.Logf("load errors (reported, loading goes on): %v", loadErrs)
	at := time.Date(2026, 11, 8, 0, 0, 0, 0, time.UTC)
	b := bundle.New(bundle.FormatDirectory, bundle.Meta{CreatedAt: &at}, objs, nil, nil, nil)
	l := evaluate(t, builtinEngine(t), Input{Bundle: b, Workloads: layers.Build(b)})
	if len(l.RuleErrors) > 0 {
		t.Errorf("rule errors on malformed input: %v", l.RuleErrors)
	}
	// StatefulSet/bad/db is not here: its controller has not observed the
	// latest generation, so the layers call it progressing, and no rule
	// may contradict the layers' verdict.
	for _, id := range []string{
		"crash-loop:Pod/bad/twin-crash",
		"oom-killed:Pod/bad/twin-crash",
		"image-pull-failed:Pod/bad/twin-crash",
		"config-missing:Pod/bad/twin-crash",
		"unschedulable:ReplicaSet/bad/rs-a",
		"render-failed:Kustomization/bad/apps",
		"dns-resolution-failed:Host/vault.a.example",
		"dns-resolution-failed:Host/vault.b.example",
		"quota-exceeded:ReplicaSet/bad/rs-a",
	} {
		if find(l, id) == nil {
			t.Errorf("missing %s in %v", id, ids(l))
		}
	}
}
