package benchgen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// writeFile generates cfg into a temporary .tar.gz and returns its path.
func writeFile(t *testing.T, cfg Config) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "bench.tar.gz")
	if err := os.WriteFile(p, generate(t, cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFormatsDeterministic: each format gives the same bytes for the same
// seed, and other bytes for another.
func TestFormatsDeterministic(t *testing.T) {
	for _, f := range Formats {
		t.Run(string(f), func(t *testing.T) {
			a := generate(t, Config{Objects: 700, Seed: 7, Format: f})
			if b := generate(t, Config{Objects: 700, Seed: 7, Format: f}); !bytes.Equal(a, b) {
				t.Error("two runs with the same seed gave different bytes")
			}
			if c := generate(t, Config{Objects: 700, Seed: 8, Format: f}); bytes.Equal(a, c) {
				t.Error("another seed gave the same bytes; the seed is ignored")
			}
		})
	}
}

// TestFormatsLoad: the importers read each format without a load error,
// detect it, and find the mix the format's collector gathers, with the
// Namespaces and Nodes troubleshoot and must-gather list beside it.
func TestFormatsLoad(t *testing.T) {
	wantFormat := map[Format]bundle.Format{FormatRift: bundle.FormatRift,
		FormatTroubleshoot: bundle.FormatTroubleshoot, FormatMustGather: bundle.FormatMustGather}
	for _, f := range Formats {
		for _, n := range []int{7, 1000} {
			t.Run(string(f)+"/objects="+strconv.Itoa(n), func(t *testing.T) {
				b, err := bundle.Load(writeFile(t, Config{Objects: n, Seed: 1, Format: f}), bundle.LoadOptions{})
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				if len(b.Errors) > 0 {
					t.Fatalf("load errors: %v", b.Errors)
				}
				if b.Format != wantFormat[f] {
					t.Errorf("format %q, want %q", b.Format, wantFormat[f])
				}
				got := map[string]int{}
				for _, o := range b.Objects {
					got[o.GetKind()]++
				}
				want := map[string]int{}
				for k, v := range CountsFor(f, n) {
					if v > 0 {
						want[k] = v
					}
				}
				if f != FormatRift {
					want["Namespace"], want["Node"] = got["Namespace"], got["Node"]
					if got["Namespace"] == 0 || got["Node"] == 0 {
						t.Errorf("no Namespaces (%d) or Nodes (%d)", got["Namespace"], got["Node"])
					}
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("objects per kind (-want +got):\n%s", diff)
				}
			})
		}
	}
}

// TestFormatsFindPlantedFaults: the analysis finds the same hypotheses,
// rule by rule, in every format as in rift's own.
func TestFormatsFindPlantedFaults(t *testing.T) {
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rules := func(f Format) map[string]int {
		b, err := bundle.Load(writeFile(t, Config{Objects: 1000, Seed: 1, Format: f}), bundle.LoadOptions{Share: true})
		if err != nil {
			t.Fatal(err)
		}
		r, err := analyzer.Analyze(context.Background(), b, eng)
		if err != nil {
			t.Fatal(err)
		}
		n := map[string]int{}
		for _, h := range r.Hypotheses {
			n[h.Rule]++
		}
		return n
	}
	want := rules(FormatRift)
	for _, rule := range []string{"crash-loop", "image-pull-failed", "image-digest-mismatch", "no-endpoints", "apply-rejected"} {
		if want[rule] == 0 {
			t.Errorf("rift's own format: no %s hypothesis; planted failures missing (got %v)", rule, want)
		}
	}
	for _, f := range Formats[1:] {
		t.Run(string(f), func(t *testing.T) {
			if diff := cmp.Diff(want, rules(f)); diff != "" {
				t.Errorf("hypotheses per rule (-rift +%s):\n%s", f, diff)
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Format
		wantErr bool
	}{
		{"", FormatRift, false}, {"rift", FormatRift, false}, {"troubleshoot", FormatTroubleshoot, false},
		{"must-gather", FormatMustGather, false}, {"sosreport", "", true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseFormat(tc.in)
			if got != tc.want || (err != nil) != tc.wantErr {
				t.Errorf("ParseFormat(%q) = %q, %v; want %q, error %v", tc.in, got, err, tc.want, tc.wantErr)
			}
		})
	}
}
