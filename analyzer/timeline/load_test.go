package timeline

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"sigs.k8s.io/yaml"
)

// loadDir reads a testdata bundle written in the rift.dev/v1alpha1 layout
// (bundle.yaml, objects/, git/<source>/source.yaml, logs/, checks/) with
// the bundle package's decoder, and fails the test on any load error.
func loadDir(t *testing.T, dir string) *bundle.Bundle {
	t.Helper()
	var meta bundle.Meta
	readYAML(t, filepath.Join(dir, "bundle.yaml"), &meta)
	var objs []*bundle.Object
	var logs []*bundle.Log
	var checks []*bundle.Check
	var sources []*bundle.GitSource
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		parts := strings.Split(rel, "/")
		switch {
		case parts[0] == "objects":
			got, errs := bundle.DecodeDocuments(rel, data)
			if len(errs) > 0 {
				t.Fatalf("%s: %v", rel, errs)
			}
			objs = append(objs, got...)
		case parts[0] == "git" && len(parts) == 3 && parts[2] == "source.yaml":
			s := &bundle.GitSource{}
			readYAML(t, path, s)
			s.Name = parts[1]
			sources = append(sources, s)
		case parts[0] == "logs" && len(parts) == 4:
			name := parts[3]
			l := &bundle.Log{Namespace: parts[1], Pod: parts[2], File: rel,
				Lines: strings.Split(strings.TrimRight(string(data), "\n"), "\n")}
			l.Previous = strings.HasSuffix(name, ".previous.log")
			l.Container = strings.TrimSuffix(strings.TrimSuffix(name, ".previous.log"), ".log")
			logs = append(logs, l)
		case parts[0] == "checks":
			c := &bundle.Check{File: rel}
			readYAML(t, path, c)
			checks = append(checks, c)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b := bundle.New(bundle.FormatRift, meta, objs, sources, logs, checks)
	if len(b.Errors) > 0 {
		t.Fatalf("%s: load errors: %v", dir, b.Errors)
	}
	return b
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// loadFiles builds a bundle from object files (JSON or YAML, Lists
// included), with an inferred capture time, as an importer would.
func loadFiles(t *testing.T, files ...string) *bundle.Bundle {
	t.Helper()
	var objs []*bundle.Object
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, errs := bundle.DecodeDocuments(filepath.Base(f), data)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", f, errs)
		}
		objs = append(objs, got...)
	}
	return bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)
}
