package redact

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/internal/bundlewrite"
)

// TestRedactThroughSymlink: a symlink named as IN is followed, as the
// loader follows it, so every file of its target is redacted and written.
func TestRedactThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree")
	os.MkdirAll(filepath.Join(tree, "objects/shop"), 0o755)
	os.WriteFile(filepath.Join(tree, "objects/shop/a.yaml"), []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: shop}\n"), 0o644)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(tree, link); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	w, err := bundlewrite.NewDir(out)
	if err != nil {
		t.Fatal(err)
	}
	s, err := RedactBundle(link, w, BundleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "objects/shop/a.yaml")); err != nil || len(s.Dropped) > 0 {
		t.Errorf("objects/shop/a.yaml not written (%v), dropped %v", err, s.Dropped)
	}
	fs, unread, err := CheckBundle(link, WalkLimits{})
	if err != nil || len(fs) > 0 || len(unread) > 0 {
		t.Errorf("CheckBundle(link): %v, %v, %v", err, fs, unread)
	}
}
