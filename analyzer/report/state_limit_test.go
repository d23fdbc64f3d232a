package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestStateLimit: without --details, text and Markdown show 20 workloads
// that have not converged in full and name 20 converged ones, and say how
// many more there are; with it, all of them.
func TestStateLimit(t *testing.T) {
	r := &Report{}
	for i := range 55 {
		v := layers.Converged
		if i%2 == 0 && i < 50 {
			v = layers.Failed // 25 failed, 30 converged
		}
		r.Workloads = append(r.Workloads, layers.Workload{Ref: bundle.Ref{Kind: "Deployment", Namespace: "ns", Name: fmt.Sprintf("w%02d", i)}, Convergence: v})
	}
	const more = "5 more workloads that have not converged are not shown; 10 more converged workloads are not named; --details shows them"
	for _, tc := range []struct {
		name    string
		opts    RenderOptions
		want    string
		workers int // full workload headings shown
	}{
		{"text", RenderOptions{Format: FormatText, Width: 200}, "(" + more + ".)", 20},
		{"markdown", RenderOptions{Format: FormatMarkdown}, "5 more workloads that have not converged are not shown; 10 more converged workloads are not named; --details shows them.", 20},
		{"text with details", RenderOptions{Format: FormatText, Width: 200, Details: true}, "", 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Render(&buf, r, tc.opts); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			if tc.want != "" && !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %q", tc.want)
			}
			if tc.want == "" && strings.Contains(out, "not shown; ") {
				t.Error("--details still leaves workloads out")
			}
			// A workload shown in full has a heading "... failed" (text)
			// or "### ...: failed" (Markdown).
			if got := strings.Count(out, ": failed") + strings.Count(out, "  failed\n"); got != tc.workers {
				t.Errorf("%d failed workloads shown in full, want %d", got, tc.workers)
			}
		})
	}
}
