package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLoadThroughSymlink: a symlink named as the bundle is followed, to a
// directory as to an archive, and reads as its target does.
func TestLoadThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree")
	os.MkdirAll(filepath.Join(tree, "objects/shop"), 0o755)
	os.WriteFile(filepath.Join(tree, "objects/shop/a.yaml"), []byte(cm("a")), 0o644)
	tgz := archive(t, dir, "b.tar.gz", []member{{name: "objects/shop/b.yaml", body: cm("b")}})
	for _, tc := range []struct{ name, target, want string }{
		{"directory", tree, "ConfigMap/shop/a"},
		{"relative directory", "tree", "ConfigMap/shop/a"},
		{"archive", tgz, "ConfigMap/shop/b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			link := filepath.Join(dir, "link-"+strings.ReplaceAll(tc.name, " ", "-"))
			if err := os.Symlink(tc.target, link); err != nil {
				t.Fatal(err)
			}
			b, err := Load(link, LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{tc.want}, refs(b)); diff != "" {
				t.Errorf("objects (-want +got):\n%s", diff)
			}
			if len(b.Errors) > 0 {
				t.Errorf("load errors: %v", errorLines(b))
			}
		})
	}
}

// TestLoadArchiveInArchive: a bundle whose only file is an archive (packed
// twice, or a folder holding the archive) is refused, naming the inner
// archive, rather than read as an empty bundle.
func TestLoadArchiveInArchive(t *testing.T) {
	dir := t.TempDir()
	inner := archive(t, dir, "inner.tar.gz", []member{{name: "objects/shop/a.yaml", body: cm("a")}})
	body, err := os.ReadFile(inner)
	if err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder")
	os.MkdirAll(filepath.Join(folder, "wrap"), 0o755)
	os.WriteFile(filepath.Join(folder, "wrap/bundle.tgz"), body, 0o644)
	for _, tc := range []struct{ name, path, inner string }{
		{"tar.gz in tar.gz", archive(t, dir, "outer.tar.gz", []member{{name: "rift-bundle.tar.gz", body: string(body)}}), "rift-bundle.tar.gz"},
		{"tar.gz in zip", archive(t, dir, "outer.zip", []member{{name: "b/rift-bundle.tar.gz", body: string(body)}}), "b/rift-bundle.tar.gz"},
		{"tgz in a folder", folder, "wrap/bundle.tgz"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Load(tc.path, LoadOptions{})
			if err == nil {
				t.Fatalf("loaded %d objects, want an error naming %s", len(b.Objects), tc.inner)
			}
			if !strings.Contains(err.Error(), tc.inner) || !strings.Contains(err.Error(), "archive") {
				t.Errorf("error %q does not name the inner archive %s", err, tc.inner)
			}
		})
	}
}
