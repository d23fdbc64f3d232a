package layers

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rift-dev/rift/analyzer/bundle"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

// loadFixture reads a rift-layout bundle directory (bundle.yaml, objects/,
// git/<source>/{source.yaml,rendered/}) with the bundle package's decoder.
func loadFixture(t *testing.T, dir string) *bundle.Bundle {
	t.Helper()
	var meta bundle.Meta
	if data, err := os.ReadFile(filepath.Join(dir, "bundle.yaml")); err == nil {
		if err := yaml.Unmarshal(data, &meta); err != nil {
			t.Fatalf("%s/bundle.yaml: %v", dir, err)
		}
	}
	var objs []*bundle.Object
	srcs := map[string]*bundle.GitSource{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		parts := strings.Split(rel, "/")
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch {
		case parts[0] == "objects":
			o, errs := bundle.DecodeDocuments(rel, data)
			if len(errs) > 0 {
				t.Fatalf("%s: %v", rel, errs)
			}
			objs = append(objs, o...)
		case parts[0] == "git" && len(parts) >= 3:
			s := srcs[parts[1]]
			if s == nil {
				s = &bundle.GitSource{Name: parts[1]}
				srcs[parts[1]] = s
			}
			if parts[2] == "source.yaml" {
				rendered := s.Rendered
				if err := yaml.Unmarshal(data, s); err != nil {
					t.Fatalf("%s: %v", rel, err)
				}
				s.Name, s.Rendered = parts[1], rendered
			} else if parts[2] == "rendered" {
				o, errs := bundle.DecodeDocuments(rel, data)
				if len(errs) > 0 {
					t.Fatalf("%s: %v", rel, errs)
				}
				s.Rendered = append(s.Rendered, o...)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var sl []*bundle.GitSource
	for _, s := range srcs {
		sl = append(sl, s)
	}
	return bundle.New(bundle.FormatRift, meta, objs, sl, nil, nil)
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
