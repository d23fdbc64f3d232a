package bundle

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeHostileDocuments feeds documents built to exhaust a YAML or
// JSON decoder. Each must end in a load error, quickly and in bounded
// memory, never a panic or a hang.
func TestDecodeHostileDocuments(t *testing.T) {
	tests := []struct {
		name    string
		data    func() []byte
		wantErr string
	}{{
		name:    "yaml alias bomb",
		data:    func() []byte { return []byte(aliasBomb(9)) },
		wantErr: "excessive aliasing",
	}, {
		name: "deeply nested yaml flow",
		data: func() []byte {
			return []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n")
		},
		wantErr: "exceeded max depth",
	}, {
		name: "deeply nested yaml flow mapping",
		data: func() []byte {
			return []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: " + strings.Repeat("{a: ", 100000) + "1" + strings.Repeat("}", 100000) + "\n")
		},
		wantErr: "exceeded max depth",
	}, {
		// Block nesting costs quadratic bytes in indentation; 10001 levels
		// (50 MB) is just past the parser's limit of 10000.
		name: "deeply nested yaml block",
		data: func() []byte {
			var b strings.Builder
			b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n")
			for i := 1; i <= 10001; i++ {
				b.WriteString(strings.Repeat(" ", i) + "a:\n")
			}
			return []byte(b.String())
		},
		wantErr: "exceeded max depth",
	}, {
		name: "deeply nested json",
		data: func() []byte {
			return []byte(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"},"data":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "}")
		},
		wantErr: "exceeded max depth",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data()
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			objs, errs := DecodeDocuments("f.yaml", data)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if len(objs) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Reason, tc.wantErr) {
				t.Errorf("got %d objects, errors %v; want one error containing %q", len(objs), errs, tc.wantErr)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 512<<20 {
				t.Errorf("decoding %d bytes allocated %d bytes", len(data), alloc)
			}
			if elapsed > 20*time.Second {
				t.Errorf("decoding took %v", elapsed)
			}
		})
	}
}

// aliasBomb is the "billion laughs" document: each level refers to the
// previous one nine times, so full expansion has 9^levels leaves.
func aliasBomb(levels int) string {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\nl0: &l0 [\"lol\"]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [", i, i)
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// TestLoadManyEntries loads an archive of 100k tiny objects: all load, in
// order, in time and memory linear in their number; with a lower entry cap
// the rest is refused with a clear error.
func TestLoadManyEntries(t *testing.T) {
	const n = 100000
	members := make([]member, n)
	for i := range members {
		members[i] = member{name: fmt.Sprintf("objects/%06d.json", i),
			body: fmt.Sprintf(`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-%06d","namespace":"n"}}`, i)}
	}
	p := archive(t, t.TempDir(), "many.tar.gz", members)
	start := time.Now()
	b, err := Load(p, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d entries loaded in %v", n, time.Since(start))
	if len(b.Objects) != n || len(b.Errors) != 0 || b.Objects[n-1].GetName() != fmt.Sprintf("cm-%06d", n-1) {
		t.Errorf("got %d objects, %d errors; want %d in file order", len(b.Objects), len(b.Errors), n)
	}
	b, err = Load(p, LoadOptions{MaxEntries: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"incomplete: more than 1000 entries; the rest is not read (raise --max-entries)"}, errorLines(b)); diff != "" || len(b.Objects) != 1000 {
		t.Errorf("capped load: %d objects, errors (-want +got):\n%s", len(b.Objects), diff)
	}
}

// TestLoadHostileDirectory checks that a bundle directory's symlinks and
// special files are skipped and reported, never followed.
func TestLoadHostileDirectory(t *testing.T) {
	dir := t.TempDir()
	objs := filepath.Join(dir, "objects")
	must(t, os.MkdirAll(objs, 0o755))
	must(t, os.WriteFile(filepath.Join(objs, "ok.yaml"), []byte(cm("ok")), 0o644))
	must(t, os.Symlink("/etc/passwd", filepath.Join(objs, "passwd.yaml")))
	must(t, os.Symlink("/etc", filepath.Join(dir, "etc")))
	must(t, syscall.Mkfifo(filepath.Join(objs, "pipe.yaml"), 0o644))
	b, err := Load(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`etc: symlink to "/etc" skipped: links are never followed`,
		`objects/passwd.yaml: symlink to "/etc/passwd" skipped: links are never followed`,
		`objects/pipe.yaml: named pipe skipped`,
	}
	if diff := cmp.Diff(want, errorLines(b)); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"ConfigMap/shop/ok"}, refs(b)); diff != "" {
		t.Errorf("objects (-want +got):\n%s", diff)
	}
}

// TestLoadNotABundle checks the inputs Load must refuse outright.
func TestLoadNotABundle(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.tar.gz")
	must(t, os.WriteFile(garbage, []byte("this is not an archive at all, just text\n"), 0o644))
	empty := filepath.Join(dir, "empty")
	must(t, os.Mkdir(empty, 0o755))
	future := filepath.Join(dir, "future")
	must(t, os.MkdirAll(filepath.Join(future, "objects"), 0o755))
	must(t, os.WriteFile(filepath.Join(future, "bundle.yaml"), []byte("apiVersion: rift.dev/v2\nkind: Bundle\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(future, "objects", "a.yaml"), []byte(cm("a")), 0o644))
	futureTgz := archive(t, dir, "future.tar.gz", []member{
		{name: "b/objects/a.yaml", body: cm("a")},
		{name: "b/bundle.yaml", body: "apiVersion: rift.dev/v1beta1\nkind: Bundle\n"},
	})
	fifo := filepath.Join(dir, "pipe.tar.gz")
	must(t, syscall.Mkfifo(fifo, 0o644))
	tests := []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(dir, "nope"), "nope: no such file or directory"},
		{"named pipe", fifo, "pipe.tar.gz: not a directory or a regular file"},
		{"device", "/dev/zero", "/dev/zero: not a directory or a regular file"},
		{"garbage", garbage, "garbage.tar.gz: not a directory or a supported archive"},
		{"empty directory", empty, "empty: empty bundle: no file to read"},
		{"future format", future, "bundle.yaml: format rift.dev/v2 is not supported: this rift reads rift.dev/v1alpha1; upgrade rift to read this bundle"},
		{"future format in an archive, bundle.yaml last", futureTgz, "future.tar.gz: bundle.yaml: format rift.dev/v1beta1 is not supported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Load(tc.path, LoadOptions{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || b != nil {
				t.Errorf("Load = %v, %v; want nil and an error containing %q", b, err, tc.want)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
