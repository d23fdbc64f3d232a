package staging

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// names lists dir's entries.
func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

func TestFile(t *testing.T) {
	for _, tc := range []struct {
		name   string
		commit bool
		want   []string
	}{
		{"committed", true, []string{"out.tar.gz"}},
		{"discarded", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "out.tar.gz")
			o, err := New(target, 0o640)
			if err != nil {
				t.Fatal(err)
			}
			defer o.Discard()
			if filepath.Dir(o.Temp) != dir || !strings.HasPrefix(filepath.Base(o.Temp), ".out.tar.gz.partial-") {
				t.Errorf("temp %s, want .out.tar.gz.partial-* in %s", o.Temp, dir)
			}
			if _, err := o.File().WriteString("body"); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(target); err == nil {
				t.Error("target exists before Commit")
			}
			if tc.commit {
				if err := o.Commit(); err != nil {
					t.Fatal(err)
				}
				fi, err := os.Stat(target)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Mode().Perm() != 0o640 {
					t.Errorf("mode %v, want 0640", fi.Mode().Perm())
				}
			}
			o.Discard()
			if diff := cmp.Diff(tc.want, names(t, dir)); diff != "" {
				t.Errorf("directory (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDir(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prepare func(target string)
		commit  bool
		want    []string
	}{
		{"new, committed", func(string) {}, true, []string{"out"}},
		{"empty, committed", func(p string) { os.Mkdir(p, 0o755) }, true, []string{"out"}},
		{"new, discarded", func(string) {}, false, nil},
		{"empty, discarded", func(p string) { os.Mkdir(p, 0o755) }, false, []string{"out"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "out")
			tc.prepare(target)
			o, err := NewDir(target)
			if err != nil {
				t.Fatal(err)
			}
			defer o.Discard()
			if err := os.WriteFile(filepath.Join(o.Temp, "f"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.commit {
				if err := o.Commit(); err != nil {
					t.Fatal(err)
				}
				if _, err := os.Stat(filepath.Join(target, "f")); err != nil {
					t.Error(err)
				}
			}
			o.Discard()
			if diff := cmp.Diff(tc.want, names(t, dir)); diff != "" {
				t.Errorf("directory (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRefuse: an existing target is never replaced, not even one that
// appears while the output is written.
func TestRefuse(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.tgz")
	os.WriteFile(file, []byte("mine"), 0o644)
	full := filepath.Join(dir, "full")
	os.MkdirAll(filepath.Join(full, "x"), 0o755)
	if _, err := New(file, 0o644); err == nil {
		t.Error("New over an existing file: no error")
	}
	if _, err := NewDir(full); err == nil {
		t.Error("NewDir over a non-empty directory: no error")
	}
	if _, err := NewDir(file); err == nil {
		t.Error("NewDir over a file: no error")
	}

	late := filepath.Join(dir, "late.tgz")
	o, err := New(late, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(late, []byte("theirs"), 0o644)
	if err := o.Commit(); err == nil {
		t.Error("Commit over a file created meanwhile: no error")
	}
	o.Discard()
	if b, _ := os.ReadFile(late); string(b) != "theirs" {
		t.Errorf("late.tgz = %q, want theirs", b)
	}
	lateDir := filepath.Join(dir, "latedir")
	d, err := NewDir(lateDir)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(lateDir, "y"), 0o755)
	if err := d.Commit(); err == nil {
		t.Error("Commit over a directory filled meanwhile: no error")
	}
	d.Discard()
	if diff := cmp.Diff([]string{"full", "late.tgz", "latedir", "out.tgz"}, names(t, dir)); diff != "" {
		t.Errorf("directory (-want +got):\n%s", diff)
	}
}
