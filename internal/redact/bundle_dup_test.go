package redact

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
)

// TestRedactDuplicateMembers: an archive that holds a path twice is read
// by one rule everywhere. The loader and redact keep the first copy and
// report the later one (a load error, a dropped file); --check scans
// every copy, since extracting the archive gives the later one.
func TestRedactDuplicateMembers(t *testing.T) {
	const dupReason = "archive holds this path twice; the later copy is skipped"
	in := writeTarGz(t, filepath.Join(t.TempDir(), "in.tar.gz"), []member{
		{name: "objects/shop/a.yaml", body: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: shop}\ndata: {k: first}\n"},
		{name: "objects/shop/b.yaml", body: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b, namespace: shop}\n"},
		{name: "objects/shop/a.yaml", body: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: shop}\ndata: {k: later, dsn: 'password=Zx9kLm2Qw8vBn4Tr'}\n"},
	})

	b, err := bundle.Load(in, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []bundle.LoadError{{File: "objects/shop/a.yaml", Doc: -1, Reason: dupReason}}
	if diff := cmp.Diff(want, b.Errors); diff != "" {
		t.Errorf("load errors (-want +got):\n%s", diff)
	}

	out := filepath.Join(t.TempDir(), "out")
	w, err := bundlewrite.NewDir(out)
	if err != nil {
		t.Fatal(err)
	}
	s, err := RedactBundle(in, w, BundleOptions{})
	if err != nil {
		t.Fatalf("RedactBundle: %v", err)
	}
	if diff := cmp.Diff([]Skipped{{"objects/shop/a.yaml", dupReason}}, s.Dropped); diff != "" {
		t.Errorf("dropped (-want +got):\n%s", diff)
	}
	got, err := os.ReadFile(filepath.Join(out, "objects/shop/a.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "first") || strings.Contains(string(got), "later") {
		t.Errorf("objects/shop/a.yaml is not the first copy:\n%s", got)
	}

	fs, unread, err := CheckBundle(in, WalkLimits{})
	if err != nil || len(unread) > 0 {
		t.Fatalf("CheckBundle: %v, unread %v", err, unread)
	}
	if len(fs) == 0 {
		t.Error("--check missed the credential in the later copy")
	}
}
