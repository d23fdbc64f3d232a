package timeline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestWriteTextWraps: with Wrap (output that is not a terminal) nothing is
// shortened: every line fits the width, no cell ends in "…", and every
// word of every message is printed.
func TestWriteTextWraps(t *testing.T) {
	kafkaWS := []layers.Workload{{Ref: ref("apps/v1", "StatefulSet", "kafka", "kafka"), Convergence: layers.Blocked,
		Owners: []bundle.Ref{ref("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "kafka")}}}
	b := loadDir(t, "testdata/kafka-stale-probe")
	tl := Build(b, kafkaWS)
	for _, width := range []int{60, 80, 120} {
		var buf bytes.Buffer
		if err := WriteText(&buf, tl, TextOptions{Width: width, Capture: b.CaptureTime, Wrap: true}); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for i, l := range strings.Split(out, "\n") {
			if w := runewidth.StringWidth(l); w > width {
				t.Errorf("width %d: line %d is %d wide: %q", width, i+1, w, l)
			}
		}
		if strings.Contains(out, "…") {
			t.Errorf("width %d: a cell was shortened:\n%s", width, out)
		}
		// A word wider than the message column is split across lines; the
		// others must each be printed whole.
		words := strings.Join(strings.Fields(out), " ")
		for _, e := range tl.Entries {
			for _, w := range strings.Fields(e.Message) {
				if width >= 80 && len(w) <= 12 && !strings.Contains(words, w) {
					t.Errorf("width %d: word %q of %s's message is missing", width, w, e.Object)
				}
			}
		}
		if width == 80 {
			golden(t, "kafka-stale-probe-wrap-80.txt", buf.Bytes())
		}
	}
}
