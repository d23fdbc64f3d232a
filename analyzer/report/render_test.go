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

// TestMarkdownTablesKeepTheirColumns puts pipes, newlines and markup into
// every kind of cell and checks each table row still has as many cells as
// its header, and that no raw HTML tag from the data survives.
func TestMarkdownTablesKeepTheirColumns(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	nasty := "a | b\nc <b>bold</b> `tick` *star* [link](x)"
	r.Timeline[len(r.Timeline)-1].Message = nasty
	r.Hypotheses[0].Summary = nasty
	r.Hypotheses[0].NextCheck = nasty
	r.Hypotheses[0].Supporting[0].Message = nasty
	for i := range r.Workloads {
		if r.Workloads[i].Ref.Kind == "StatefulSet" {
			r.Workloads[i].Layers[0].Identity = nasty
			r.Workloads[i].Divergences[0].Path = "spec.a|b"
			r.Workloads[i].Divergences[0].Owner = nasty
		}
	}
	r.Bundle.Scope.Context = nasty
	for _, details := range []bool{false, true} {
		out := render(t, r, RenderOptions{Format: FormatMarkdown, Details: details})
		if strings.Contains(out, "<b>") {
			t.Error("raw <b> from the data reached the Markdown")
		}
		cols := 0
		for i, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(line, "|") {
				cols = 0
				continue
			}
			n := len(regexp.MustCompile(`(^|[^\\])\|`).FindAllString(line, -1)) - 1
			if cols == 0 {
				cols = n
				continue
			}
			if n != cols {
				t.Errorf("details=%v line %d has %d cells, header has %d:\n%s", details, i+1, n, cols, line)
			}
		}
	}
}

func TestMarkdownCodeSpan(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "-"},
		{"a.b", "`a.b`"},
		{"a|b", "`a\\|b`"},
		{"a`b", "`` a`b ``"},
		{"x\ny", "`x y`"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := code(tt.in); got != tt.want {
				t.Errorf("code(%q) = %q, want %q", tt.in, got, tt.want)
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

func TestFocus(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	tests := []struct {
		name          string
		ref           bundle.Ref
		wantErr       string
		wantWorkloads []string
		wantEarliest  string
	}{
		{"statefulset", bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}, "", []string{"StatefulSet/kafka/kafka"}, "Unhealthy"},
		{"api version ignored", bundle.Ref{APIVersion: "apps/v2", Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}, "", []string{"StatefulSet/kafka/kafka"}, "Unhealthy"},
		{"kustomization without its own earliest", bundle.Ref{Kind: "Kustomization", Namespace: "flux-system", Name: "kafka"}, "", []string{"Kustomization/flux-system/kafka"}, ""},
		{"unknown workload", bundle.Ref{Kind: "Deployment", Namespace: "kafka", Name: "nope"}, "Deployment/kafka/nope: not a workload of this report", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Focus(r, tt.ref)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, w := range got.Workloads {
				names = append(names, w.Ref.String())
			}
			if diff := cmp.Diff(tt.wantWorkloads, names); diff != "" {
				t.Errorf("workloads (-want +got):\n%s", diff)
			}
			for _, e := range got.Timeline {
				if !entryConcerns(e, tt.ref) {
					t.Errorf("entry %s %s does not concern %s", e.Object, e.Reason, tt.ref)
				}
			}
			gotEarliest := ""
			if ef := got.EarliestFailure; ef != nil {
				gotEarliest = got.Timeline[ef.Index].Reason
			}
			if gotEarliest != tt.wantEarliest {
				t.Errorf("earliest failure = %q, want %q", gotEarliest, tt.wantEarliest)
			}
		})
	}
	if len(r.Workloads) != 3 {
		t.Error("Focus modified its input")
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
