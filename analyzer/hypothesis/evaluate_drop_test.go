package hypothesis

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"
	"weak"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// TestEvaluateDropsBundle: once the rule input is built, Evaluate holds
// neither the bundle nor the workloads, so a caller that passed its only
// reference lets the collector free the decoded objects while the rules
// run (at 100k objects a quarter of the heap, docs/performance.md).
func TestEvaluateDropsBundle(t *testing.T) {
	in, obj := dropInput(t)
	freed := false
	_, err := builtinEngine(t).EvaluateStages(context.Background(), in, func(stage string) {
		if stage == StageInput {
			runtime.GC()
			freed = obj.Value() == nil
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !freed {
		t.Error("a bundle object was still reachable while the rules ran")
	}
}

// dropInput loads a bundle into an Input that holds the only references
// to it, and a weak pointer to one of its objects.
func dropInput(t *testing.T) (Input, weak.Pointer[bundle.Object]) {
	b, err := bundle.Load(filepath.Join("..", "bundle", "testdata", "benchgen-1k.tar.gz"), bundle.LoadOptions{Share: true})
	if err != nil {
		t.Fatal(err)
	}
	ws := layers.Build(b)
	return Input{Bundle: b, Workloads: ws, Timeline: timeline.Build(b, ws)}, weak.Make(b.Objects[0])
}
