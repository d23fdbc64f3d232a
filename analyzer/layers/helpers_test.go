package layers

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rift-dev/rift/analyzer/bundle"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// loadFixture reads a rift-layout bundle directory (bundle.yaml, objects/,
// git/<source>/{source.yaml,rendered/}) the way rift analyze does.
func loadFixture(t *testing.T, dir string) *bundle.Bundle {
	t.Helper()
	b, err := bundle.Load(dir, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Errors) > 0 {
		t.Fatalf("%s: load errors %v", dir, b.Errors)
	}
	return b
}

// fromYAML builds a bundle from inline multi-document YAML.
func fromYAML(t *testing.T, docs string) *bundle.Bundle {
	t.Helper()
	objs, errs := bundle.DecodeDocuments("objects/test.yaml", []byte(docs))
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	return bundle.New(bundle.FormatRift, bundle.Meta{}, objs, nil, nil, nil)
}

func findWorkload(t *testing.T, ws []Workload, ref string) Workload {
	t.Helper()
	for _, w := range ws {
		if w.Ref.String() == ref {
			return w
		}
	}
	var have []string
	for _, w := range ws {
		have = append(have, w.Ref.String())
	}
	t.Fatalf("no workload %s; have %v", ref, have)
	return Workload{}
}

func layerOf(w Workload, name string) Layer {
	for _, l := range w.Layers {
		if l.Name == name {
			return l
		}
	}
	return Layer{}
}

func stageOf(w Workload, name string) Stage {
	for _, s := range w.Stages {
		if s.Name == name {
			return s
		}
	}
	return Stage{}
}

func objectOf(m map[string]any) *bundle.Object {
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// cmpEmpty treats nil and empty maps alike.
func cmpEmpty() cmp.Option { return cmpopts.EquateEmpty() }
