package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// bigReport has enough timeline entries that every format passes through
// several buffer flushes; badTail makes the last value one encoding/json
// refuses, so a JSON render fails after most of it was written.
func bigReport(badTail bool) *report.Report {
	at := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	r := &report.Report{Bundle: report.BundleInfo{CaptureTime: at, Objects: 3}}
	for i := range 3000 {
		r.Timeline = append(r.Timeline, timeline.Entry{
			Time: at.Add(time.Duration(i) * time.Second), Precision: "second", Layer: "runtime", Source: "event",
			Object: bundle.Ref{Kind: "Pod", Namespace: "load", Name: fmt.Sprintf("worker-%d", i%40)},
			Type:   timeline.TypeNormal, Reason: "Pulled", Message: fmt.Sprintf("entry %d", i),
		})
	}
	if badTail {
		bad := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
		r.Hypotheses = []hypothesis.Hypothesis{{ID: "x", FirstFailure: &bad}}
	}
	return r
}

// reportExitCode is the exit code Execute gives err.
func reportExitCode(err error) int {
	var ee *ExitError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ee):
		return ee.Code
	}
	return ExitUsage
}

// failingWriter refuses every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestWriteReport(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing.json")
	missingWorkload := &bundle.Ref{Kind: "Deployment", Namespace: "x", Name: "y"}
	tests := []struct {
		name      string
		file      string // --output; empty for standard output
		failOut   bool   // standard output refuses every write
		report    *report.Report
		opts      report.RenderOptions
		wantCode  int  // 0: no error
		wantFile  bool // the file exists afterwards
		wantBytes bool // stdout or the file holds exactly what Render writes
	}{
		{"json to stdout", "", false, bigReport(false), report.RenderOptions{Format: report.FormatJSON}, 0, false, true},
		{"text to stdout", "", false, bigReport(false), report.RenderOptions{Format: report.FormatText, Details: true}, 0, false, true},
		{"json to a file", filepath.Join(dir, "r.json"), false, bigReport(false), report.RenderOptions{Format: report.FormatJSON}, 0, true, true},
		{"html to a file", filepath.Join(dir, "r.html"), false, bigReport(false), report.RenderOptions{Format: report.FormatHTML}, 0, true, true},
		{"markdown to a file", filepath.Join(dir, "r.md"), false, bigReport(false), report.RenderOptions{Format: report.FormatMarkdown, Details: true}, 0, true, true},
		{"failure before writing leaves an existing file alone", existing, false, bigReport(false), report.RenderOptions{Format: report.FormatJSON, Workload: missingWorkload}, ExitUsage, true, false},
		{"failure before writing creates no file", filepath.Join(dir, "none.json"), false, bigReport(false), report.RenderOptions{Format: report.FormatJSON, Workload: missingWorkload}, ExitUsage, false, false},
		{"failure after writing removes the partial file", filepath.Join(dir, "partial.json"), false, bigReport(true), report.RenderOptions{Format: report.FormatJSON}, ExitUsage, false, false},
		{"unwritable file", filepath.Join(dir, "no", "such", "dir.json"), false, bigReport(false), report.RenderOptions{Format: report.FormatJSON}, ExitUsage, false, false},
		{"failing stdout", "", true, bigReport(false), report.RenderOptions{Format: report.FormatJSON}, ExitUsage, false, false},
	}
	if err := os.WriteFile(existing, []byte("previous report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want bytes.Buffer
			if tt.wantBytes {
				if err := report.Render(&want, tt.report, tt.opts); err != nil {
					t.Fatal(err)
				}
			}
			var stdout bytes.Buffer
			var err error
			if tt.failOut {
				err = writeReport(failingWriter{}, tt.file, tt.report, tt.opts)
			} else {
				err = writeReport(&stdout, tt.file, tt.report, tt.opts)
			}
			if got := reportExitCode(err); got != tt.wantCode {
				t.Fatalf("exit code %d (%v), want %d", got, err, tt.wantCode)
			}
			if tt.failOut && !strings.Contains(err.Error(), "disk on fire") {
				t.Errorf("error %q does not say why the write failed", err)
			}
			if tt.file == "" {
				if tt.wantBytes {
					if diff := cmp.Diff(want.String(), stdout.String()); diff != "" {
						t.Errorf("stdout differs from Render's bytes (-want +got):\n%.2000s", diff)
					}
				}
				return
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout not empty when writing to --output: %.200q", stdout.String())
			}
			data, statErr := os.ReadFile(tt.file)
			if exists := statErr == nil; exists != tt.wantFile {
				t.Fatalf("file exists = %v, want %v", exists, tt.wantFile)
			}
			if tt.wantBytes {
				if diff := cmp.Diff(want.String(), string(data)); diff != "" {
					t.Errorf("file differs from Render's bytes (-want +got):\n%.2000s", diff)
				}
			}
			if tt.file == existing && string(data) != "previous report\n" {
				t.Errorf("existing file changed to %.200q", data)
			}
		})
	}
}
