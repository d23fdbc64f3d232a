package report

import (
	"regexp"
	"strings"
	"testing"
)

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
