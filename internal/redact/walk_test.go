package redact

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// hostileArchive writes a .tar.gz with a regular file, a symlink, a hard
// link, a zip-slip name, an absolute name and a file over the size limit.
func hostileArchive(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	add := func(h *tar.Header, body string) {
		h.Size = int64(len(body))
		if h.Typeflag != tar.TypeReg {
			h.Size = 0
		}
		if h.Mode == 0 {
			h.Mode = 0o644
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			tw.Write([]byte(body))
		}
	}
	add(&tar.Header{Typeflag: tar.TypeReg, Name: "b/logs/ns/pod/c.log"}, "password=hunter2hunter2\n")
	add(&tar.Header{Typeflag: tar.TypeSymlink, Name: "b/passwd", Linkname: "/etc/passwd"}, "")
	add(&tar.Header{Typeflag: tar.TypeLink, Name: "b/hard", Linkname: "b/logs/ns/pod/c.log"}, "")
	add(&tar.Header{Typeflag: tar.TypeReg, Name: "../../evil.yaml"}, "x: 1\n")
	add(&tar.Header{Typeflag: tar.TypeReg, Name: "/abs.yaml"}, "x: 1\n")
	add(&tar.Header{Typeflag: tar.TypeReg, Name: "b/big.log"}, string(make([]byte, 2048)))
	tw.Close()
	gz.Close()
	p := filepath.Join(t.TempDir(), "hostile.tar.gz")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWalkHostileArchive(t *testing.T) {
	var read, skipped []string
	err := Walk(hostileArchive(t), WalkLimits{MaxFileBytes: 1024},
		func(name string, _ []byte) error { read = append(read, name); return nil },
		func(name, _ string) { skipped = append(skipped, name) })
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"b/logs/ns/pod/c.log"}, read); d != "" {
		t.Errorf("read (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"b/passwd", "b/hard", "../../evil.yaml", "/abs.yaml", "b/big.log"}, skipped); d != "" {
		t.Errorf("skipped (-want +got):\n%s", d)
	}
}

func TestCheckBundleArchive(t *testing.T) {
	fs, unread, err := CheckBundle(hostileArchive(t), WalkLimits{MaxFileBytes: 1024})
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{{File: "b/logs/ns/pod/c.log", Line: 1, Rule: "generic-secret"}}
	if d := cmp.Diff(want, fs); d != "" {
		t.Errorf("findings (-want +got):\n%s", d)
	}
	if len(unread) != 5 {
		t.Errorf("unread = %v, want 5 entries", unread)
	}
	if _, _, err := CheckBundle(filepath.Join(t.TempDir(), "missing"), WalkLimits{}); err == nil {
		t.Error("CheckBundle of a missing path succeeded")
	}
	notArchive := filepath.Join(t.TempDir(), "x.txt")
	os.WriteFile(notArchive, []byte("hello"), 0o644)
	if _, _, err := CheckBundle(notArchive, WalkLimits{}); err == nil {
		t.Error("CheckBundle of a plain file succeeded")
	}
}
