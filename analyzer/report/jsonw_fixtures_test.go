package report_test

import (
	"bytes"
	"context"
	"encoding/json"
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
			marshalled, err := json.Marshal(report.Brief(r.Normalized()))
			if err != nil {
				t.Fatal(err)
			}
			page := renderString(t, r, report.FormatHTML)
			const open = `<script type="application/json" id="report-data">`
			_, data, ok := strings.Cut(page, open)
			data, _, ok2 := strings.Cut(data, "</script>")
			if !ok || !ok2 {
				t.Fatal("no data element in the page")
			}
			if diff := cmp.Diff(string(marshalled), data); diff != "" {
				t.Errorf("html data element differs from json.Marshal (-want +got):\n%s", diff)
			}
		})
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
