package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mattn/go-runewidth"

	"github.com/rift-dev/rift/analyzer/bundle"
)

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

func render(t *testing.T, r *Report, o RenderOptions) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Render(&buf, r, o); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestTextFitsWidth renders every fixture at several widths, with and
// without details and colour, and checks no line is wider than asked.
func TestTextFitsWidth(t *testing.T) {
	for _, path := range fixtures(t) {
		r := loadReport(t, path)
		for _, width := range []int{40, 60, 80, 100, 160} {
			for _, details := range []bool{false, true} {
				o := RenderOptions{Width: width, Details: details, Color: true}
				t.Run(fmt.Sprintf("%s/width=%d/details=%v", filepath.Base(path), width, details), func(t *testing.T) {
					out := ansi.ReplaceAllString(render(t, r, o), "")
					for i, line := range strings.Split(out, "\n") {
						if w := runewidth.StringWidth(line); w > width {
							t.Errorf("line %d is %d columns wide, want ≤ %d:\n%s", i+1, w, width, line)
						}
					}
				})
			}
		}
	}
}

func TestTextColour(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	tests := []struct {
		name  string
		color bool
		want  bool
	}{
		{"plain by default", false, false},
		{"coloured when asked", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := render(t, r, RenderOptions{Color: tt.color})
			if got := strings.Contains(out, "\x1b["); got != tt.want {
				t.Errorf("ANSI codes present = %v, want %v", got, tt.want)
			}
			if tt.color && ansi.ReplaceAllString(out, "") != render(t, r, RenderOptions{}) {
				t.Errorf("colour changed the text, not just its colour (-plain +coloured):\n%s", cmp.Diff(render(t, r, RenderOptions{}), ansi.ReplaceAllString(out, "")))
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	r := loadReport(t, "testdata/healthy-podinfo.report.json")
	tests := []struct {
		name string
		r    *Report
		opts RenderOptions
		want string
	}{
		{"nil report", nil, RenderOptions{}, "nil report"},
		{"unknown format", r, RenderOptions{Format: "yaml"}, `unknown format "yaml"`},
		{"unknown workload", r, RenderOptions{Workload: &bundle.Ref{Kind: "Deployment", Namespace: "x", Name: "y"}}, "Deployment/x/y: not a workload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Render(&bytes.Buffer{}, tt.r, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestJSONStableAndLossless renders each fixture twice and checks the bytes
// are identical and decode back to the normalised report.
func TestJSONStableAndLossless(t *testing.T) {
	for _, path := range fixtures(t) {
		t.Run(path, func(t *testing.T) {
			r := loadReport(t, path)
			a := render(t, r, RenderOptions{Format: FormatJSON})
			if b := render(t, r, RenderOptions{Format: FormatJSON}); a != b {
				t.Fatal("two renders differ")
			}
			var back Report
			if err := json.Unmarshal([]byte(a), &back); err != nil {
				t.Fatal(err)
			}
			again := render(t, &back, RenderOptions{Format: FormatJSON})
			if diff := cmp.Diff(a, again); diff != "" {
				t.Errorf("decode and re-render changed the report (-want +got):\n%s", diff)
			}
		})
	}
}
