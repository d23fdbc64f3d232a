package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/memory"
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
		{"custom resources", []string{"dev", "gen-bundle", "--objects", "300", "--custom-resources", "60", "--out", filepath.Join(dir, "d.tar.gz")}, ExitOK},
		{"more custom resources than Events", []string{"dev", "gen-bundle", "--objects", "300", "--custom-resources", "200", "--out", filepath.Join(dir, "e.tar.gz")}, ExitUsage},
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
	all := []string{"read", "load", "index", "layers", "timeline", "collect", "rules.input", "collect.input", "rules.evaluate", "rules.rank", "render"}
	for _, tc := range []struct {
		name string
		args []string
		gogc string
		want []string
	}{
		// rift analyze collects before the rules and after their input;
		// the phases show it.
		{"as analyze runs", []string{"dev", "phases", p}, "", all},
		{"live heap", []string{"dev", "phases", "--live", p}, "", all},
		// A user's GOGC replaces rift's checkpoints, as in analyze.
		{"GOGC set", []string{"dev", "phases", p}, "100", slices.DeleteFunc(slices.Clone(all), func(s string) bool { return strings.HasPrefix(s, "collect") })},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv("RIFT_HUGEPAGES", "0")
			// As cmd/rift does before it runs a command.
			memory.Apply(MemoryPolicy(tc.args))
			defer memory.Apply(memory.Steady)
			var out, errOut bytes.Buffer
			if code := Execute(tc.args, &out, &errOut); code != ExitOK {
				t.Fatalf("phases: exit %d: %s", code, errOut.String())
			}
			var ps []struct {
				Name   string `json:"name"`
				Allocs uint64 `json:"allocs"`
				Live   uint64 `json:"liveBytes"`
				Inuse  uint64 `json:"heapInuseBytes"`
			}
			if err := json.Unmarshal(out.Bytes(), &ps); err != nil {
				t.Fatalf("phases output is not JSON: %v\n%s", err, out.String())
			}
			live := slices.Contains(tc.args, "--live")
			var names []string
			for _, p := range ps {
				names = append(names, p.Name)
				if p.Allocs == 0 && p.Name != "index" && !strings.HasPrefix(p.Name, "collect") {
					t.Errorf("phase %s allocated nothing; it did no work", p.Name)
				}
				if p.Inuse == 0 {
					t.Errorf("phase %s: heapInuseBytes 0", p.Name)
				}
				if live != (p.Live > 0) {
					t.Errorf("phase %s: liveBytes %d with --live %v", p.Name, p.Live, live)
				}
			}
			if diff := cmp.Diff(tc.want, names); diff != "" {
				t.Errorf("phases (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDevPhasesHeapProfile: --heap-after writes the live heap's profile
// after the phase it names, and a phase that never runs is an error, not
// a missing file.
func TestDevPhasesHeapProfile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bench.tar.gz")
	var out, errOut bytes.Buffer
	if code := Execute([]string{"dev", "gen-bundle", "--objects", "200", "--out", p}, &out, &errOut); code != ExitOK {
		t.Fatalf("gen-bundle: exit %d: %s", code, errOut.String())
	}
	prof := filepath.Join(dir, "layers.pprof")
	out.Reset()
	errOut.Reset()
	if code := Execute([]string{"dev", "phases", "--heap-after", "layers", "--heap-profile", prof, p}, &out, &errOut); code != ExitOK {
		t.Fatalf("phases: exit %d: %s", code, errOut.String())
	}
	b, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	// pprof writes a gzipped protocol buffer.
	if len(b) < 100 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("profile: %d bytes, not a gzipped profile", len(b))
	}
	out.Reset()
	errOut.Reset()
	code := Execute([]string{"dev", "phases", "--heap-after", "nosuch", "--heap-profile", filepath.Join(dir, "x.pprof"), p}, &out, &errOut)
	if code != ExitUsage || !strings.Contains(errOut.String(), `no phase "nosuch" ran`) {
		t.Errorf("unknown phase: exit %d, stderr %q; want %d and the phases named", code, errOut.String(), ExitUsage)
	}
}
