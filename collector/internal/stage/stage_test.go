package stage

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestCheckPath(t *testing.T) {
	tests := []struct {
		path string
		ok   bool
	}{
		{"objects/shop/pods.yaml", true},
		{"bundle.yaml", true},
		{"", false},
		{"/etc/passwd", false},
		{"../x", false},
		{"objects/../../x", false},
		{"objects//pods.yaml", false},
		{`objects\pods.yaml`, false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if err := CheckPath(tt.path); (err == nil) != tt.ok {
				t.Errorf("CheckPath(%q) = %v, want ok=%v", tt.path, err, tt.ok)
			}
		})
	}
}

// packFiles stages files in the given order and returns the packed bytes.
func packFiles(t *testing.T, order []string, content map[string]string) []byte {
	t.Helper()
	d, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Remove()
	for _, p := range order {
		if err := d.Add(p, []byte(content[p])); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "b.tar.gz")
	if err := d.Pack(out, []byte("kind: Bundle\n"), time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPackDeterministic(t *testing.T) {
	content := map[string]string{
		"objects/shop/pods.yaml":  "kind: Pod\n",
		"logs/shop/web/app.log":   "line\n",
		"git/app/source.yaml":     "url: x\n",
		"objects/_cluster/n.yaml": "kind: Node\n",
		"redaction.yaml":          "rules: {}\n",
	}
	a := packFiles(t, []string{"objects/shop/pods.yaml", "logs/shop/web/app.log", "git/app/source.yaml", "objects/_cluster/n.yaml", "redaction.yaml"}, content)
	b := packFiles(t, []string{"redaction.yaml", "objects/_cluster/n.yaml", "git/app/source.yaml", "logs/shop/web/app.log", "objects/shop/pods.yaml"}, content)
	if !bytes.Equal(a, b) {
		t.Fatal("archives differ when files are staged in a different order")
	}
	zr, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Mode != 0o644 || h.Uid != 0 || !h.ModTime.Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) {
			t.Errorf("%s: mode %o uid %d mtime %v", h.Name, h.Mode, h.Uid, h.ModTime)
		}
		names = append(names, h.Name)
	}
	want := []string{"bundle.yaml", "git/app/source.yaml", "logs/shop/web/app.log", "objects/_cluster/n.yaml", "objects/shop/pods.yaml", "redaction.yaml"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}

func TestFilesDigest(t *testing.T) {
	d, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Remove()
	w, err := d.Create("objects/a.yaml")
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, "hello ")
	io.WriteString(w, "world")
	if got := d.Files(); len(got) != 0 {
		t.Errorf("open file listed: %v", got)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("hello world"))
	got := d.Files()
	if len(got) != 1 || got[0].SHA256 != hex.EncodeToString(sum[:]) || got[0].Bytes != 11 {
		t.Errorf("Files() = %+v", got)
	}
	if _, err := d.Create("objects/a.yaml"); err == nil {
		t.Error("second Create of the same path succeeded")
	}
	if err := d.Add(MetaFile, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := d.Pack(filepath.Join(t.TempDir(), "o.tar.gz"), nil, time.Unix(0, 0)); err == nil {
		t.Error("Pack accepted a staged bundle.yaml")
	}
}
