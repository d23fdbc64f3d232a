package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// loadReport reads a hand-written report fixture, refusing unknown fields so
// that a fixture cannot drift from the types unnoticed.
func loadReport(t testing.TB, path string) *Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Report
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &r
}

func fixtures(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("testdata/*.report.json")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no report fixtures in testdata: %v", err)
	}
	return paths
}

// checkGolden compares got with testdata/golden/name, or rewrites it with
// -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./analyzer/report/ -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

func TestRenderGolden(t *testing.T) {
	variants := []struct {
		suffix string
		opts   RenderOptions
	}{
		{"txt", RenderOptions{Format: FormatText}},
		{"details.txt", RenderOptions{Format: FormatText, Details: true, Width: 100}},
		{"md", RenderOptions{Format: FormatMarkdown}},
		{"details.md", RenderOptions{Format: FormatMarkdown, Details: true}},
		{"json", RenderOptions{Format: FormatJSON}},
	}
	for _, path := range fixtures(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".report.json")
		r := loadReport(t, path)
		for _, v := range variants {
			t.Run(name+"."+v.suffix, func(t *testing.T) {
				var buf bytes.Buffer
				if err := Render(&buf, r, v.opts); err != nil {
					t.Fatal(err)
				}
				checkGolden(t, name+"."+v.suffix, buf.Bytes())
			})
		}
	}
}

func TestRenderGoldenFocused(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	ref := bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}
	for _, f := range []Format{FormatText, FormatMarkdown} {
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			if err := Render(&buf, r, RenderOptions{Format: f, Workload: &ref}); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "kafka-stale-probe.workload-kafka."+map[Format]string{FormatText: "txt", FormatMarkdown: "md"}[f], buf.Bytes())
		})
	}
}
