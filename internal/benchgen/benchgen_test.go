package benchgen

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func generate(t *testing.T, cfg Config) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, cfg); err != nil {
		t.Fatalf("Write(%+v): %v", cfg, err)
	}
	return buf.Bytes()
}

func TestWriteIsDeterministic(t *testing.T) {
	a := generate(t, Config{Objects: 1500, Seed: 7})
	b := generate(t, Config{Objects: 1500, Seed: 7})
	if !bytes.Equal(a, b) {
		t.Fatal("two runs with the same seed gave different bytes")
	}
	if c := generate(t, Config{Objects: 1500, Seed: 8}); bytes.Equal(a, c) {
		t.Fatal("another seed gave the same bytes; the seed is ignored")
	}
}

func TestWriteLoadsWithRequestedMix(t *testing.T) {
	for _, n := range []int{1, 7, 1000, 2345} {
		t.Run("objects="+strconv.Itoa(n), func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "bench.tar.gz")
			if err := os.WriteFile(p, generate(t, Config{Objects: n, Seed: 1}), 0o644); err != nil {
				t.Fatal(err)
			}
			b, err := bundle.Load(p, bundle.LoadOptions{})
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if len(b.Errors) > 0 {
				t.Fatalf("load errors: %v", b.Errors)
			}
			got := map[string]int{}
			for _, o := range b.Objects {
				got[o.GetKind()]++
			}
			want := Counts(n)
			for k, v := range want {
				if v == 0 {
					delete(want, k)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("objects per kind (-want +got):\n%s", diff)
			}
			if len(b.Objects) != n {
				t.Errorf("loaded %d objects, want %d", len(b.Objects), n)
			}
		})
	}
}

func TestCountsPer1000(t *testing.T) {
	want := map[string]int{}
	for _, s := range Mix {
		want[s.Kind] = s.Per1000 * 10
	}
	if diff := cmp.Diff(want, Counts(10000)); diff != "" {
		t.Errorf("Counts(10000) (-want +got):\n%s", diff)
	}
}

func TestWritePlantsFailures(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bench.tar.gz")
	if err := os.WriteFile(p, generate(t, Config{Objects: 2000, Seed: 3}), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Load(p, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]bool{}
	for _, o := range b.Objects {
		if o.GetKind() != "Pod" {
			continue
		}
		css, _, _ := unstructured.NestedSlice(o.Object, "status", "containerStatuses")
		for _, cs := range css {
			if w, ok := cs.(map[string]any)["state"].(map[string]any)["waiting"].(map[string]any); ok {
				reasons[w["reason"].(string)] = true
			}
		}
	}
	for _, r := range []string{"CrashLoopBackOff", "ImagePullBackOff"} {
		if !reasons[r] {
			t.Errorf("no Pod waits with %s; planted failures missing (got %v)", r, reasons)
		}
	}
	if len(b.Logs) == 0 {
		t.Error("no pod logs in the bundle")
	}
}
