package scenarios

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestExecTimeoutOutput(t *testing.T) {
	got := "Readiness probe failed: " + ExecTimeoutOutput([]string{"sh", "-c", "kafka-broker-api-versions.sh --bootstrap-server localhost:9092"}, time.Second)
	want := `Readiness probe failed: command timed out: "sh -c kafka-broker-api-versions.sh --bootstrap-server localhost:9092" timed out after 1s`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestValidate(t *testing.T) {
	ok := func(context.Context, *Env) error { return nil }
	tests := []struct {
		name    string
		s       Scenario
		wantErr string
	}{
		{"valid", Scenario{Name: "kafka-stale-probe", Namespaces: []string{"kafka"}, Run: ok, Check: ok}, ""},
		{"bad name", Scenario{Name: "Kafka_Probe", Namespaces: []string{"kafka"}, Run: ok, Check: ok}, "lower-case"},
		{"no namespaces", Scenario{Name: "x", Run: ok, Check: ok}, "no namespaces"},
		{"no check", Scenario{Name: "x", Namespaces: []string{"a"}, Run: ok}, "required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.s.Validate()
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("Validate() = %v, want error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestGitCommit(t *testing.T) {
	ctx := context.Background()
	g, err := InitGit(ctx, filepath.Join(t.TempDir(), "repo"))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	sha1, err := g.Commit(ctx, "first", at, map[string][]byte{"apps/a.yaml": []byte("a: 1\n")})
	if err != nil {
		t.Fatal(err)
	}
	sha2, err := g.Commit(ctx, "second", at.Add(time.Minute), map[string][]byte{"apps/a.yaml": nil, "apps/b.yaml": []byte("b: 2\n")})
	if err != nil {
		t.Fatal(err)
	}
	if len(sha1) != 40 || sha1 == sha2 {
		t.Fatalf("shas %q, %q: want two distinct full SHAs", sha1, sha2)
	}
	if _, err := os.Stat(filepath.Join(g.Dir, "apps", "a.yaml")); !os.IsNotExist(err) {
		t.Errorf("apps/a.yaml still present after a nil write: %v", err)
	}
	out, err := g.git(ctx, time.Time{}, "log", "--format=%H %cI %s")
	if err != nil {
		t.Fatal(err)
	}
	want := sha2 + " 2026-03-01T10:01:00+00:00 second\n" + sha1 + " 2026-03-01T10:00:00+00:00 first\n"
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("git log (-want +got):\n%s", diff)
	}
	if got := g.Revision(sha2); got != "main@sha1:"+sha2 {
		t.Errorf("Revision = %q", got)
	}
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name    string
		entries map[string]string
		want    []string
		wantErr string
	}{
		{name: "bundle", entries: map[string]string{"bundle.yaml": "kind: Bundle\n", "objects/kafka/pods.yaml": "items: []\n"}, want: []string{"bundle.yaml", "objects/kafka/pods.yaml"}},
		{name: "escape", entries: map[string]string{"../evil": "x"}, wantErr: "escapes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			archive := filepath.Join(t.TempDir(), "b.tar.gz")
			writeArchive(t, archive, tt.entries)
			dir := filepath.Join(t.TempDir(), "bundle")
			write(t, filepath.Join(dir, "stale.yaml"), "old")
			err := Extract(archive, dir)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(dir, p)
					got = append(got, filepath.ToSlash(rel))
				}
				return err
			})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
		})
	}
}

func writeArchive(t *testing.T, path string, entries map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for name, body := range entries {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(body))
	}
	tw.Close()
	zw.Close()
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
