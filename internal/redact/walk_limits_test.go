package redact

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// member is one file of a test archive: body, or zeros bytes of zeros
// streamed without being held in memory.
type member struct {
	name  string
	body  string
	zeros int64
}

// writeTarGz writes members as a .tar.gz at p.
func writeTarGz(t *testing.T, p string, members []member) string {
	t.Helper()
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
	tw := tar.NewWriter(gz)
	for _, m := range members {
		size := int64(len(m.body)) + m.zeros
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: m.name, Mode: 0o644, Size: size}); err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(tw, m.body); err != nil {
			t.Fatal(err)
		}
		if _, err := io.CopyN(tw, zeros{}, m.zeros); err != nil {
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

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// manyLogs is a rift bundle of n small log files.
func manyLogs(n int) []member {
	ms := []member{{name: "bundle.yaml", body: "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n"}}
	for i := range n {
		ms = append(ms, member{name: fmt.Sprintf("logs/ns/p/c%02d.log", i), body: "line\n"})
	}
	return ms
}

// TestWalkLimits checks that Walk stops where bundle.Load stops: on the
// entry count, the total size and an archive's compression ratio, not only
// on the size of one file.
func TestWalkLimits(t *testing.T) {
	dir := t.TempDir()
	bomb := writeTarGz(t, filepath.Join(dir, "bomb.tar.gz"), []member{
		{name: "bundle.yaml", body: "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n"},
		{name: "logs/ns/p/zeros.log", zeros: 80 << 20},
		{name: "logs/ns/p/after.log", body: "password=Zx9kLm2Qw8vBn4Tr\n"},
	})
	many := writeTarGz(t, filepath.Join(dir, "many.tar.gz"), manyLogs(30))
	manyDir := writeBundle(t, func() map[string]string {
		files := map[string]string{}
		for _, m := range manyLogs(30) {
			files[m.name] = m.body
		}
		return files
	}())
	for _, tc := range []struct {
		name     string
		root     string
		lim      WalkLimits
		wantStop string // prefix of the LimitError's reason
		wantRead int    // files passed to fn at most
	}{
		{"ratio of a bundle archive", bomb, WalkLimits{}, "compression ratio passes 200:1 here", 1},
		{"entries of an archive", many, WalkLimits{MaxEntries: 10}, "more than 10 entries", 10},
		{"entries of a directory", manyDir, WalkLimits{MaxEntries: 10}, "more than 10 entries", 10},
		{"total size", many, WalkLimits{MaxTotalBytes: 100}, "total uncompressed size passes 100 bytes", 12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			read := 0
			err := Walk(tc.root, tc.lim, func(string, []byte) error { read++; return nil }, func(string, string) {})
			var le *LimitError
			if !errors.As(err, &le) {
				t.Fatalf("Walk = %v, want a *LimitError", err)
			}
			if !strings.HasPrefix(le.Reason, tc.wantStop) {
				t.Errorf("stopped with %q, want %q", le.Reason, tc.wantStop)
			}
			if read > tc.wantRead {
				t.Errorf("read %d files before stopping, want at most %d", read, tc.wantRead)
			}
			fs, unread, err := CheckBundle(tc.root, tc.lim)
			if err != nil {
				t.Fatalf("CheckBundle: %v", err)
			}
			if d := cmp.Diff([]Finding(nil), fs); d != "" {
				t.Errorf("findings (-want +got):\n%s", d)
			}
			listed := false
			for _, u := range unread {
				listed = listed || strings.HasPrefix(u.Reason, tc.wantStop)
			}
			if !listed {
				t.Errorf("unread = %+v, want the stop %q listed", unread, tc.wantStop)
			}
		})
	}
}
