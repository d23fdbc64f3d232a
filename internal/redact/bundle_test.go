package redact

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact/redacttest"
)

// writeBundle writes files as a bundle directory.
func writeBundle(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "wrapped")
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestRedactBundleDeterministic(t *testing.T) {
	files := map[string]string{"bundle.yaml": "apiVersion: rift.dev/v1alpha1\nkind: Bundle\ncreatedAt: \"2026-03-04T05:10:00Z\"\n"}
	for p, body := range redacttest.New().Files {
		files[p] = body
	}
	in := writeBundle(t, files)
	var outs [2]bytes.Buffer
	for i := range outs {
		w := bundlewrite.New(&outs[i], bundlewrite.Options{TempDir: t.TempDir()})
		s, err := RedactBundle(in, w, BundleOptions{Redact: Options{Salt: []byte("fixed")}})
		if err != nil {
			t.Fatal(err)
		}
		if s.Format != bundle.FormatRift || s.Files != len(files) || len(s.Dropped) != 0 {
			t.Errorf("summary %+v, want rift, %d files, nothing dropped", s, len(files))
		}
	}
	if !bytes.Equal(outs[0].Bytes(), outs[1].Bytes()) {
		t.Error("same input and salt gave different archives")
	}
}

func TestRedactBundleImported(t *testing.T) {
	// A plain directory of objects is imported and written as v1alpha1.
	in := writeBundle(t, map[string]string{
		"deploy.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n        env: [{name: DB_PASSWORD, value: hunter2hunter2}]\n",
		"node.json":   `{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1","annotations":{"token":"ghp_0123456789abcdefghijABCDEFGHIJ012345"}}}`,
	})
	out := filepath.Join(t.TempDir(), "out")
	w, err := bundlewrite.NewDir(out)
	if err != nil {
		t.Fatal(err)
	}
	s, err := RedactBundle(in, w, BundleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != bundle.FormatDirectory {
		t.Errorf("format %s, want %s", s.Format, bundle.FormatDirectory)
	}
	for _, p := range []string{"objects/shop/deployment.apps.yaml", "objects/_cluster/node.yaml", "redaction.yaml", "bundle.yaml"} {
		data, err := os.ReadFile(filepath.Join(out, p))
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if strings.Contains(string(data), "hunter2hunter2") || strings.Contains(string(data), "ghp_0123") {
			t.Errorf("%s leaks:\n%s", p, data)
		}
	}
	b, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil || b.Format != bundle.FormatRift || len(b.Objects) != 2 {
		t.Errorf("reload: err %v, format %v, %d objects", err, b.Format, len(b.Objects))
	}
}
