package hypothesis

import (
	"path/filepath"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// TestInputSharedBundle: the converter skips a container it has converted
// before by its identity, which a bundle loaded with
// bundle.LoadOptions.Share reaches from many objects; the rule input must
// come out the same as from a plain load, part for part.
func TestInputSharedBundle(t *testing.T) {
	for _, path := range []string{
		filepath.Join(corpus, "must-gather-clean/test/files/must-gather-metal.tar.xz"),
		filepath.Join(corpus, "troubleshoot/test/baselines/supportbundle/baseline.tar.gz"),
		filepath.Join("..", "bundle", "testdata", "benchgen-1k.tar.gz"),
	} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			input := func(share bool) Input {
				b, err := bundle.Load(path, bundle.LoadOptions{Share: share})
				if err != nil {
					t.Fatal(err)
				}
				ws := layers.Build(b)
				return Input{Bundle: b, Workloads: ws, Timeline: timeline.Build(b, ws)}
			}
			want, err := input(false).value(nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := input(true).value(nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range want.(ast.Object).Keys() {
				w, g := want.(ast.Object).Get(k), got.(ast.Object).Get(k)
				if g == nil || w.Value.Compare(g.Value) != 0 {
					t.Errorf("input.%v differs between a plain and a shared load", k)
				}
			}
			if want.(ast.Object).Len() != got.(ast.Object).Len() {
				t.Errorf("%d input parts from a plain load, %d from a shared one", want.(ast.Object).Len(), got.(ast.Object).Len())
			}
		})
	}
}
