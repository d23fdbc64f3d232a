package cli

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tarMember is one file of a test archive: body, or zeros bytes of zeros
// streamed without being held in memory.
type tarMember struct {
	name  string
	body  string
	zeros int64
}

func writeTestTarGz(t *testing.T, p string, members []tarMember) string {
	t.Helper()
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
	tw := tar.NewWriter(gz)
	for _, m := range members {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: m.name, Mode: 0o644, Size: int64(len(m.body)) + m.zeros}); err != nil {
			t.Fatal(err)
		}
		io.WriteString(tw, m.body)
		if _, err := io.CopyN(tw, zeroReader{}, m.zeros); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// writeTestDir writes files under a new directory and returns it.
func writeTestDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "in")
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const riftMeta = "apiVersion: rift.dev/v1alpha1\nkind: Bundle\ncreatedAt: \"2026-03-04T05:10:00Z\"\n"

// TestRedactLimits checks that redact and --check honour every loader limit
// on a rift bundle, as analyze does: a bundle past --max-ratio or
// --max-entries is refused (exit 2, nothing left at OUT) by redact and
// reported unscanned (exit 1) by --check.
func TestRedactLimits(t *testing.T) {
	dir := t.TempDir()
	bomb := writeTestTarGz(t, filepath.Join(dir, "bomb.tar.gz"), []tarMember{
		{name: "bundle.yaml", body: riftMeta},
		{name: "logs/ns/p/ok.log", body: "started\n"},
		{name: "logs/ns/p/zeros.log", zeros: 80 << 20},
		{name: "logs/ns/p/after.log", body: "password=Zx9kLm2Qw8vBn4Tr\n"},
	})
	logs := []tarMember{{name: "bundle.yaml", body: riftMeta}}
	files := map[string]string{"bundle.yaml": riftMeta}
	for i := range 30 {
		p := fmt.Sprintf("logs/ns/p/c%02d.log", i)
		logs = append(logs, tarMember{name: p, body: "line\n"})
		files[p] = "line\n"
	}
	many := writeTestTarGz(t, filepath.Join(dir, "many.tar.gz"), logs)
	manyDir := writeTestDir(t, files)
	for _, tc := range []struct {
		name  string
		in    string
		flags []string
		want  string
	}{
		{"ratio bomb archive", bomb, nil, "compression ratio passes 200:1"},
		{"entries in an archive", many, []string{"--max-entries", "10"}, "more than 10 entries"},
		{"entries in a directory", manyDir, []string{"--max-entries", "10"}, "more than 10 entries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, out := range []string{filepath.Join(t.TempDir(), "out"), filepath.Join(t.TempDir(), "out.tar.gz")} {
				code, stdout, stderr := run(append(append([]string{"redact"}, tc.flags...), tc.in, out)...)
				if d := cmp.Diff(ExitUsage, code); d != "" || !strings.Contains(stderr, tc.want) {
					t.Errorf("redact to %s: exit (-want +got):\n%s\nstderr %q, want %q\nstdout %q", filepath.Base(out), d, stderr, tc.want, stdout)
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("a refused redact left %s behind", out)
				}
			}
			code, stdout, _ := run(append(append([]string{"redact", "--check"}, tc.flags...), tc.in)...)
			if d := cmp.Diff(ExitFindings, code); d != "" || !strings.Contains(stdout, "not scanned: ") || !strings.Contains(stdout, tc.want) {
				t.Errorf("check: exit (-want +got):\n%s\nstdout %q, want not scanned and %q", d, stdout, tc.want)
			}
		})
	}
}
