package bundlewrite

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func TestArchiveFor(t *testing.T) {
	for name, want := range map[string]Archive{"a.tar.gz": TarGzip, "a.TGZ": TarGzip, "b.tar.zst": TarZstd, "c.zip": Zip} {
		if got, ok := ArchiveFor(name); !ok || got != want {
			t.Errorf("ArchiveFor(%s) = %v, %v; want %v", name, got, ok, want)
		}
	}
	for _, name := range []string{"out", "out.tar", "out.tar.xz", "out.gz"} {
		if _, ok := ArchiveFor(name); ok {
			t.Errorf("ArchiveFor(%s): an archive; want a directory", name)
		}
	}
}

// TestArchivesDeterministicAndReadable: each archive format gives the same
// bytes whatever the order files were added in, and bundle.Load reads it
// back with every file in its manifest.
func TestArchivesDeterministicAndReadable(t *testing.T) {
	names := make([]string, 0, len(files))
	for p := range files {
		names = append(names, p)
	}
	slices.Sort(names)
	backward := slices.Clone(names)
	slices.Reverse(backward)
	for ext, a := range map[string]Archive{".tar.zst": TarZstd, ".zip": Zip, ".tar.gz": TarGzip} {
		t.Run(ext, func(t *testing.T) {
			write := func(order []string) []byte {
				var buf bytes.Buffer
				w := New(&buf, Options{TempDir: t.TempDir(), Archive: a})
				for _, p := range order {
					if err := w.Add(p, []byte(files[p])); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.Close(meta()); err != nil {
					t.Fatal(err)
				}
				return buf.Bytes()
			}
			one, two := write(names), write(backward)
			if !bytes.Equal(one, two) {
				t.Fatalf("output differs with add order: %d vs %d bytes", len(one), len(two))
			}
			p := filepath.Join(t.TempDir(), "b"+ext)
			if err := os.WriteFile(p, one, 0o644); err != nil {
				t.Fatal(err)
			}
			b, err := bundle.Load(p, bundle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			// The test files are not all objects; only their decoding may fail,
			// never the archive or the manifest.
			for _, e := range b.Errors {
				if e.File != "git/app/rendered/web/all.yaml" && e.File != "objects/shop/deployments.yaml" {
					t.Errorf("load error %v", e)
				}
			}
			if b.Format != bundle.FormatRift || len(b.Meta.Files) != len(files) {
				t.Errorf("loaded as %s with %d manifest files; want a rift bundle of %d files", b.Format, len(b.Meta.Files), len(files))
			}
		})
	}
}
