package report_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
)

// TestJSONMatchesStdlibOnFixtures analyses every recorded incident in
// fixtures/ and checks that the JSON format is encoding/json's indented
// bytes for the normalized report and the HTML page's data element is
// json.Marshal's, so the streaming writer is checked on real reports in
// both of its modes.
func TestJSONMatchesStdlibOnFixtures(t *testing.T) {
	dirs, err := filepath.Glob("../../fixtures/*/bundle")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no recorded incidents in fixtures/: %v", err)
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(filepath.Dir(dir)), func(t *testing.T) {
			b, err := bundle.Load(dir, bundle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := analyzer.Analyze(context.Background(), b, eng)
			if err != nil {
				t.Fatal(err)
			}
			// The default report is Brief's, the full one everything.
			for _, full := range []bool{false, true} {
				view := r.Normalized()
				if !full {
					view = report.Brief(view)
				}
				var want bytes.Buffer
				enc := json.NewEncoder(&want)
				enc.SetEscapeHTML(false)
				enc.SetIndent("", "  ")
				if err := enc.Encode(view); err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				if err := report.Render(&got, r, report.RenderOptions{Format: report.FormatJSON, Full: full}); err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(want.String(), got.String()); diff != "" {
					t.Errorf("json (full %v) differs from encoding/json (-want +got):\n%s", full, diff)
				}
			}
			checkPage(t, report.Brief(r.Normalized()), renderString(t, r, report.FormatHTML))
		})
	}
}

// checkPage checks the HTML page's data against json.Marshal of view:
// each compressed part is json.Marshal's bytes for its key, and the
// report-data element with the parts put back is the whole report.
func checkPage(t *testing.T, view *report.Report, page string) {
	t.Helper()
	marshalled, err := json.Marshal(view)
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]json.RawMessage
	if err := json.Unmarshal(marshalled, &want); err != nil {
		t.Fatal(err)
	}
	element := func(open string) string {
		_, data, ok := strings.Cut(page, open)
		data, _, ok2 := strings.Cut(data, "</script>")
		if !ok || !ok2 {
			t.Fatalf("no %s in the page", open)
		}
		return data
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(element(`<script type="application/json" id="report-data">`)), &got); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"workloads", "earliestPerWorkload", "timeline", "hypotheses"} {
		raw, err := base64.StdEncoding.DecodeString(element(`<script type="application/gzip" data-encoding="base64" id="part-` + key + `">`))
		if err != nil {
			t.Fatalf("part %s: %v", key, err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("part %s: %v", key, err)
		}
		data, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("part %s: %v", key, err)
		}
		if string(data) == "null" && want[key] == nil {
			continue // left out of the report, as an empty map is
		}
		if diff := cmp.Diff(string(want[key]), string(data)); diff != "" {
			t.Errorf("html part %s differs from json.Marshal (-want +got):\n%s", key, diff)
		}
		got[key] = data
	}
	if diff := cmp.Diff(want, got, cmp.Transformer("text", func(m json.RawMessage) string { return string(m) })); diff != "" {
		t.Errorf("html data differs from json.Marshal (-want +got):\n%s", diff)
	}
}

func renderString(t *testing.T, r *report.Report, f report.Format) string {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Render(&buf, r, report.RenderOptions{Format: f}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
