package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

// FuzzRender puts arbitrary text into the fields every section prints and
// renders the Kafka report in every format at an arbitrary width: rendering
// must not fail or panic, text must fit its width, Markdown table rows must
// stay on one line, JSON must stay valid and the HTML data element closed.
func FuzzRender(f *testing.F) {
	f.Add("Readiness probe failed", "spec.containers[name=kafka]", 80)
	f.Add("a | b\nc </script><!-- `x` *y*", "a|b", 40)
	f.Add("\x1b[31mred\x1b[0m 世界 \u2028 \t", "", 7)
	f.Add(strings.Repeat("x", 300), strings.Repeat("/y", 90), 1000)
	base := loadReport(f, "testdata/kafka-stale-probe.report.json")
	f.Fuzz(func(t *testing.T, msg, path string, width int) {
		data, _ := json.Marshal(base)
		var r Report
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		r.Summary.Impact = msg
		r.Timeline[r.EarliestFailure.Index].Message = msg
		r.Hypotheses[0].Supporting[0].Message = msg
		r.Hypotheses[0].Supporting[0].Path = path
		r.Workloads[0].Layers[0].Identity = msg + path
		r.Residual = append(r.Residual, msg)
		width = width % 500
		for _, format := range Formats {
			var buf bytes.Buffer
			if err := Render(&buf, &r, RenderOptions{Format: format, Width: width, Details: width%2 == 0}); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			out := buf.String()
			switch format {
			case FormatText:
				w := max(width, minWidth)
				if width == 0 {
					w = DefaultWidth
				}
				if strings.ContainsAny(msg+path, "\x1b\t\r\v\f\u2028\u2029") || !isPrintable(msg+path) {
					break // control characters have no display width to check against
				}
				for _, line := range strings.Split(out, "\n") {
					if runewidth.StringWidth(line) > w {
						t.Fatalf("text line wider than %d: %q", w, line)
					}
				}
			case FormatJSON:
				if !json.Valid(buf.Bytes()) {
					t.Fatal("invalid JSON")
				}
			case FormatHTML:
				if strings.Count(out, "</script>") != 3+len(htmlParts) { // data, parts, sections, code
					t.Fatal("a value closed a script element")
				}
			}
		}
	})
}

func isPrintable(s string) bool {
	for _, r := range s {
		if r < 0x20 && r != '\n' || r == 0x7f {
			return false
		}
	}
	return true
}
