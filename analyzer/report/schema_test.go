package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
)

const schemaPath = "../../docs/report.schema.json"

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile(schemaPath)
	if err != nil {
		t.Fatalf("compile %s: %v", schemaPath, err)
	}
	return sch
}

func validate(t *testing.T, sch *jsonschema.Schema, doc []byte) error {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	return sch.Validate(inst)
}

// TestSchemaValidatesFixtures renders every fixture's report (whole and
// focused on each workload) as JSON and validates it against
// docs/report.schema.json.
func TestSchemaValidatesFixtures(t *testing.T) {
	sch := compileSchema(t)
	for _, path := range fixtures(t) {
		r := loadReport(t, path)
		opts := []RenderOptions{{Format: FormatJSON}}
		for _, w := range r.Workloads {
			opts = append(opts, RenderOptions{Format: FormatJSON, Workload: &w.Ref})
		}
		for _, o := range opts {
			name := path
			if o.Workload != nil {
				name += "/" + o.Workload.String()
			}
			t.Run(name, func(t *testing.T) {
				var buf bytes.Buffer
				if err := Render(&buf, r, o); err != nil {
					t.Fatal(err)
				}
				if err := validate(t, sch, buf.Bytes()); err != nil {
					t.Errorf("%v", err)
				}
			})
		}
	}
}

// TestSchemaValidatesEmptyReport checks that a report with nothing in its
// lists (nil slices everywhere) is valid once rendered: the JSON renderer
// never emits null for a list.
func TestSchemaValidatesEmptyReport(t *testing.T) {
	var buf bytes.Buffer
	r := &Report{
		Bundle:    BundleInfo{Format: "directory"},
		Summary:   hypothesis.Summary{Verdict: "unknown"},
		Workloads: []layers.Workload{{Ref: bundle.Ref{Kind: "Deployment", Namespace: "a", Name: "b"}, Convergence: "unknown"}},
	}
	if err := Render(&buf, r, RenderOptions{Format: FormatJSON}); err != nil {
		t.Fatal(err)
	}
	if err := validate(t, compileSchema(t), buf.Bytes()); err != nil {
		t.Errorf("%v\n%s", err, buf.String())
	}
	// A bundle with no time says why, and never writes the zero time.
	if s := buf.String(); strings.Contains(s, "0001-01-01") || !strings.Contains(s, `"captureTimeUnknown":`) {
		t.Errorf("capture time unknown: want captureTimeUnknown and no 0001-01-01, got\n%s", s)
	}
}

// TestSchemaRejects proves the schema is not vacuous: each edit of a valid
// report must fail validation at the named place.
func TestSchemaRejects(t *testing.T) {
	sch := compileSchema(t)
	var buf bytes.Buffer
	if err := Render(&buf, loadReport(t, "testdata/kafka-stale-probe.report.json"), RenderOptions{Format: FormatJSON}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"missing summary", func(m map[string]any) { delete(m, "summary") }, "summary"},
		{"wrong kind", func(m map[string]any) { m["kind"] = "Bundle" }, "/kind"},
		{"unknown top-level field", func(m map[string]any) { m["extra"] = 1 }, "extra"},
		{"bad layer status", func(m map[string]any) {
			w := m["workloads"].([]any)[0].(map[string]any)
			w["layers"].([]any)[0].(map[string]any)["status"] = "green"
		}, "/workloads/0/layers/0/status"},
		{"bad timeline time", func(m map[string]any) {
			m["timeline"].([]any)[0].(map[string]any)["time"] = "@now-5m"
		}, "/timeline/0/time"},
		{"bad repair owner", func(m map[string]any) {
			h := m["hypotheses"].([]any)[0].(map[string]any)
			h["repair"].(map[string]any)["owner"] = "whoever"
		}, "/hypotheses/0/repair/owner"},
		{"null workloads", func(m map[string]any) { m["workloads"] = nil }, "/workloads"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m map[string]any
			if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
				t.Fatal(err)
			}
			tt.edit(m)
			doc, _ := json.Marshal(m)
			err := validate(t, sch, doc)
			if err == nil {
				t.Fatal("validation passed, want an error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error does not mention %q:\n%v", tt.want, err)
			}
		})
	}
}
