package bundle_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
)

var roundTripFiles = map[string]string{
	"objects/shop/cm.yaml":        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: shop}\n",
	"logs/shop/web-1/app.log":     "ready\n",
	"git/deploy/source.yaml":      "url: https://git.example.com/acme/deploy.git\nrevision: 4f2a9c1e\n",
	"git/deploy/rendered/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: shop}\n",
}

func writeBundle(t *testing.T, w *bundlewrite.Writer, created time.Time) {
	t.Helper()
	for _, p := range []string{"objects/shop/cm.yaml", "logs/shop/web-1/app.log", "git/deploy/source.yaml", "git/deploy/rendered/cm.yaml"} {
		if err := w.Add(p, []byte(roundTripFiles[p])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(bundle.Meta{CreatedAt: &created, Collector: bundle.Collector{Name: "rift", Version: "test"}}); err != nil {
		t.Fatal(err)
	}
}

// TestLoadWrittenBundle reads what the bundle writer writes, as a tar.gz and
// as a directory, and checks the files[] manifest: intact bundles load
// without errors, altered, added and removed files are each reported.
func TestLoadWrittenBundle(t *testing.T) {
	created := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tmp := t.TempDir()
	var buf bytes.Buffer
	writeBundle(t, bundlewrite.New(&buf, bundlewrite.Options{TempDir: tmp}), created)
	tgz := filepath.Join(tmp, "b.tar.gz")
	if err := os.WriteFile(tgz, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "dir")
	w, err := bundlewrite.NewDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	writeBundle(t, w, created)
	for _, p := range []string{tgz, dir} {
		b, err := bundle.Load(p, bundle.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Errors) != 0 || b.Format != bundle.FormatRift || !b.CaptureTime.Equal(created) || b.CaptureTimeInferred ||
			len(b.Objects) != 1 || len(b.Logs) != 1 || len(b.Sources) != 1 || len(b.Sources[0].Rendered) != 1 || len(b.Meta.Files) != 4 {
			t.Errorf("%s: errors %v, format %s, capture %v, %d objects, %d logs, %d sources, %d files",
				filepath.Base(p), b.Errors, b.Format, b.CaptureTime, len(b.Objects), len(b.Logs), len(b.Sources), len(b.Meta.Files))
		}
	}

	must(t, os.WriteFile(filepath.Join(dir, "objects/shop/cm.yaml"), []byte(roundTripFiles["objects/shop/cm.yaml"]+"data: {k: v}\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "objects/shop/extra.yaml"), []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b, namespace: shop}\n"), 0o644))
	must(t, os.Remove(filepath.Join(dir, "logs/shop/web-1/app.log")))
	b, err := bundle.Load(dir, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range b.Errors {
		got = append(got, e.Error())
	}
	want := []string{
		"logs/shop/web-1/app.log: incomplete: listed in bundle.yaml files but missing or unreadable",
		"objects/shop/cm.yaml: incomplete: content differs from bundle.yaml files (81 bytes, sha256 802e27f73ea17b4c16ae3466c50a2a5ec24995d118a2da29a2701dc5b5145fa8; recorded 68 bytes, sha256 fcb9302f326758b53af9f258de0892e840b057fa75e4ab32e139cf68c9537be7): altered after collection",
		"objects/shop/extra.yaml: not listed in bundle.yaml files: added after collection?",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
