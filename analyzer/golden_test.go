package analyzer

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/rift-dev/rift/analyzer/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// fixtureBundles lists the recorded incident bundles analysed end to end:
// every fixtures/<name>/ and the incident bundles the layers tests record
// (a bundle is a directory with a bundle.yaml).
func fixtureBundles(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	// Recorded incidents (fixtures/<name>/bundle) keep their goldens under
	// golden/fixtures/, apart from the hand-written layers bundles that may
	// share a name with them.
	for _, src := range []struct{ pattern, prefix string }{
		{"../fixtures/*/bundle/bundle.yaml", "fixtures/"},
		{"layers/testdata/*/bundle.yaml", ""},
	} {
		paths, err := filepath.Glob(src.pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			dir := filepath.Dir(p)
			name := filepath.Base(dir)
			if src.prefix != "" {
				name = src.prefix + filepath.Base(filepath.Dir(dir))
			}
			out[name] = dir
		}
	}
	if len(out) == 0 {
		t.Fatal("no fixture bundles found")
	}
	return out
}

// TestGoldenFixtures analyses every fixture bundle and compares its text,
// Markdown and JSON reports with testdata/golden (go test -update rewrites
// them), and validates the JSON against docs/report.schema.json.
func TestGoldenFixtures(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile("../docs/report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, dir := range fixtureBundles(t) {
		t.Run(name, func(t *testing.T) {
			r := analyze(t, dir)
			for _, f := range []struct {
				ext  string
				opts report.RenderOptions
			}{
				{"txt", report.RenderOptions{Format: report.FormatText}},
				{"md", report.RenderOptions{Format: report.FormatMarkdown}},
				{"json", report.RenderOptions{Format: report.FormatJSON}},
			} {
				var buf bytes.Buffer
				if err := report.Render(&buf, r, f.opts); err != nil {
					t.Fatal(err)
				}
				golden(t, filepath.Join("testdata", "golden", name+"."+f.ext), buf.Bytes())
				if f.ext == "json" {
					inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
					if err != nil {
						t.Fatal(err)
					}
					if err := sch.Validate(inst); err != nil {
						t.Errorf("schema: %v", err)
					}
				}
			}
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
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
		t.Fatalf("%v (go test ./analyzer/ -update creates it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}
