package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func TestDevGenBundle(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.tar.gz"), filepath.Join(dir, "b.tar.gz")
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
	}{
		{"writes a bundle", []string{"dev", "gen-bundle", "--objects", "300", "--seed", "5", "--out", a}, ExitOK},
		{"same seed again", []string{"dev", "gen-bundle", "--objects", "300", "--seed", "5", "--out", b}, ExitOK},
		{"no --out", []string{"dev", "gen-bundle", "--objects", "10"}, ExitUsage},
		{"zero objects", []string{"dev", "gen-bundle", "--objects", "0", "--out", filepath.Join(dir, "c.tar.gz")}, ExitUsage},
		{"unknown phases output", []string{"dev", "phases", "-o", "yaml", a}, ExitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := Execute(tc.args, &out, &errOut); code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.wantCode, errOut.String())
			}
		})
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if len(ab) == 0 || !bytes.Equal(ab, bb) {
		t.Fatalf("same objects and seed gave different files (%d and %d bytes)", len(ab), len(bb))
	}
	got, err := bundle.Load(a, bundle.LoadOptions{})
	if err != nil || len(got.Errors) > 0 || len(got.Objects) != 300 {
		t.Fatalf("generated bundle: err %v, load errors %v, %d objects (want 300)", err, got.Errors, len(got.Objects))
	}
}

func TestDevPhases(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bench.tar.gz")
	var out, errOut bytes.Buffer
	if code := Execute([]string{"dev", "gen-bundle", "--objects", "200", "--out", p}, &out, &errOut); code != ExitOK {
		t.Fatalf("gen-bundle: exit %d: %s", code, errOut.String())
	}
	out.Reset()
	if code := Execute([]string{"dev", "phases", p}, &out, &errOut); code != ExitOK {
		t.Fatalf("phases: exit %d: %s", code, errOut.String())
	}
	var ps []struct {
		Name   string `json:"name"`
		Allocs uint64 `json:"allocs"`
	}
	if err := json.Unmarshal(out.Bytes(), &ps); err != nil {
		t.Fatalf("phases output is not JSON: %v\n%s", err, out.String())
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
		if p.Allocs == 0 && p.Name != "index" {
			t.Errorf("phase %s allocated nothing; it did no work", p.Name)
		}
	}
	want := []string{"read", "load", "index", "layers", "timeline", "rules.input", "rules.evaluate", "rules.rank", "render"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("phases (-want +got):\n%s", diff)
	}
}
