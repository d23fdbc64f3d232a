package bundlewrite

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
	"github.com/rift-dev/rift/analyzer/bundle"
	"sigs.k8s.io/yaml"
)

var files = map[string]string{
	"objects/shop/deployments.yaml": "apiVersion: apps/v1\nkind: Deployment\n",
	"logs/shop/web-1/app.log":       "started\n",
	"git/app/source.yaml":           "url: https://example.com/app.git\n",
	"objects-extra.yaml":            "x: 1\n",
	"checks/http.yaml":              "name: http\nok: true\n",
	"git/app/rendered/web/all.yaml": "kind: Service\n",
	"objects/shop/empty.yaml":       "",
}

func meta() bundle.Meta {
	t := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	return bundle.Meta{CreatedAt: &t, Collector: bundle.Collector{Name: "rift", Version: "test"}}
}

func writeTar(t *testing.T, order []string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := New(&buf, Options{TempDir: t.TempDir()})
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

type tarEntry struct {
	Name  string
	Type  byte
	Mode  int64
	Uid   int
	Uname string
	MTime time.Time
	Body  string
}

func readTar(t *testing.T, data []byte) []tarEntry {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var out []tarEntry
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(tr)
		out = append(out, tarEntry{h.Name, h.Typeflag, h.Mode, h.Uid, h.Uname, h.ModTime.UTC(), string(body)})
	}
}

func TestTarDeterministic(t *testing.T) {
	forward := []string{"checks/http.yaml", "git/app/rendered/web/all.yaml", "git/app/source.yaml",
		"logs/shop/web-1/app.log", "objects-extra.yaml", "objects/shop/deployments.yaml", "objects/shop/empty.yaml"}
	backward := make([]string, len(forward))
	for i, p := range forward {
		backward[len(forward)-1-i] = p
	}
	a, b := writeTar(t, forward), writeTar(t, backward)
	if !bytes.Equal(a, b) {
		t.Fatalf("output differs with add order: %d vs %d bytes", len(a), len(b))
	}
	got := readTar(t, a)
	var names []string
	for _, e := range got {
		names = append(names, e.Name)
		if e.Uid != 0 || e.Uname != "" || !e.MTime.Equal(*meta().CreatedAt) {
			t.Errorf("%s: uid=%d uname=%q mtime=%v", e.Name, e.Uid, e.Uname, e.MTime)
		}
		want := int64(FileMode)
		if e.Type == tar.TypeDir {
			want = DirMode
		}
		if e.Mode != want {
			t.Errorf("%s: mode %o, want %o", e.Name, e.Mode, want)
		}
	}
	wantNames := []string{"checks/", "checks/http.yaml", "git/", "git/app/", "git/app/rendered/",
		"git/app/rendered/web/", "git/app/rendered/web/all.yaml", "git/app/source.yaml", "logs/", "logs/shop/",
		"logs/shop/web-1/", "logs/shop/web-1/app.log", "objects/", "objects/shop/", "objects/shop/deployments.yaml",
		"objects/shop/empty.yaml", "objects-extra.yaml", "bundle.yaml"}
	if d := cmp.Diff(wantNames, names); d != "" {
		t.Errorf("entries (-want +got):\n%s", d)
	}
	checkMeta(t, got[len(got)-1].Body)
}

// checkMeta verifies bundle.yaml lists every other file with its digest.
func checkMeta(t *testing.T, body string) {
	t.Helper()
	var m bundle.Meta
	if err := yaml.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	if m.APIVersion != bundle.APIVersion || m.Kind != "Bundle" || m.Collector.Name != "rift" {
		t.Errorf("meta header: %+v", m)
	}
	got := map[string]bundle.FileDigest{}
	for _, f := range m.Files {
		got[f.Path] = f
	}
	want := map[string]bundle.FileDigest{}
	for p, body := range files {
		sum := sha256.Sum256([]byte(body))
		want[p] = bundle.FileDigest{Path: p, SHA256: hex.EncodeToString(sum[:]), Bytes: int64(len(body))}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("files[] (-want +got):\n%s", d)
	}
}

func TestAddRejects(t *testing.T) {
	for _, tc := range []struct{ name, path string }{
		{"dotdot", "objects/../../etc/passwd"},
		{"absolute", "/etc/passwd"},
		{"empty", ""},
		{"unclean", "objects//a.yaml"},
		{"dot", "./a.yaml"},
		{"backslash", `objects\a.yaml`},
		{"meta", "bundle.yaml"},
		{"duplicate", "a.yaml"},
		{"file as dir", "a.yaml/b.yaml"},
		{"dir as file", "d"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := New(io.Discard, Options{TempDir: t.TempDir()})
			defer w.Close(bundle.Meta{})
			for _, p := range []string{"a.yaml", "d/x.yaml"} {
				if err := w.Add(p, []byte("x")); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Add(tc.path, []byte("x")); err == nil {
				t.Errorf("Add(%q) succeeded, want error", tc.path)
			}
		})
	}
}

func TestDirMatchesTar(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	w, err := NewDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for p, body := range files {
		if err := w.Add(p, []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(meta()); err != nil {
		t.Fatal(err)
	}
	for _, e := range readTar(t, writeTar(t, keys(files))) {
		info, err := os.Stat(filepath.Join(dir, e.Name))
		if err != nil {
			t.Fatal(err)
		}
		if int64(info.Mode().Perm()) != e.Mode || !info.ModTime().Equal(e.MTime) {
			t.Errorf("%s: dir has mode %o mtime %v, tar has %o %v", e.Name, info.Mode().Perm(), info.ModTime(), e.Mode, e.MTime)
		}
		if e.Type == tar.TypeReg {
			body, _ := os.ReadFile(filepath.Join(dir, e.Name))
			if string(body) != e.Body {
				t.Errorf("%s: body differs", e.Name)
			}
		}
	}
	if _, err := NewDir(dir); err == nil {
		t.Error("NewDir on a non-empty directory succeeded")
	}
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestAbort: an aborted bundle writes nothing to its target and removes
// its spool, so nothing of it looks whole.
func TestAbort(t *testing.T) {
	spool := t.TempDir()
	var out bytes.Buffer
	w := New(&out, Options{TempDir: spool})
	if err := w.Add("a.yaml", []byte("x")); err != nil {
		t.Fatal(err)
	}
	w.Abort()
	w.Abort()
	if out.Len() != 0 {
		t.Errorf("aborted archive wrote %d bytes", out.Len())
	}
	if ents, _ := os.ReadDir(spool); len(ents) != 0 {
		t.Errorf("spool left: %v", ents)
	}
	if err := w.Close(meta()); err == nil {
		t.Error("Close after Abort succeeded")
	}

	dir := filepath.Join(t.TempDir(), "out")
	dw, err := NewDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := dw.Add("a.yaml", []byte("x")); err != nil {
		t.Fatal(err)
	}
	dw.Abort()
	if _, err := os.Stat(filepath.Join(dir, MetaFile)); err == nil {
		t.Error("aborted directory bundle has a bundle.yaml")
	}
}
