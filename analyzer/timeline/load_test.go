package timeline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// loadDir loads a testdata bundle written in the rift.dev/v1alpha1 layout
// and fails the test on any load error: testdata must be clean.
func loadDir(t *testing.T, dir string) *bundle.Bundle {
	t.Helper()
	b, err := bundle.Load(dir, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Errors) > 0 {
		t.Fatalf("%s: load errors: %v", dir, b.Errors)
	}
	return b
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
