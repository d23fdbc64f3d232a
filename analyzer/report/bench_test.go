package report

import (
	"fmt"
	"io"
	"testing"
)

// BenchmarkRender renders a report with 5,000 timeline entries on 400
// objects in every format, with details, to show rendering stays linear.
func BenchmarkRender(b *testing.B) {
	r := scaledReport(b, 5000, 400)
	for _, f := range Formats {
		b.Run(string(f), func(b *testing.B) {
			for b.Loop() {
				if err := Render(io.Discard, r, RenderOptions{Format: f, Details: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRenderJSON renders reports shaped like rift's at 10k and 100k
// objects (about 1,000 and 10,000 workloads, 15,000 and 150,000 timeline
// entries, 400 and 4,000 hypotheses) as JSON, reporting the document's
// bytes per second; encoding/json's Encoder on the 10k report is the
// reference it replaced.
func BenchmarkRenderJSON(b *testing.B) {
	for _, size := range []struct {
		name     string
		thousand int
	}{{"10k", 10}, {"100k", 100}} {
		r := objectsReport(b, size.thousand)
		b.Run(size.name, func(b *testing.B) {
			n := countBytes(b, func(w io.Writer) error { return Render(w, r, RenderOptions{Format: FormatJSON}) })
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				if err := Render(io.Discard, r, RenderOptions{Format: FormatJSON}); err != nil {
					b.Fatal(err)
				}
			}
		})
		if size.thousand == 10 {
			b.Run(size.name+"/encoding-json", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := stdlibJSON(r.Normalized(), true); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// objectsReport scales the Kafka report to a bundle of thousand×1,000
// objects: its workloads and hypotheses repeated under distinct names, and
// scaledReport's timeline.
func objectsReport(b *testing.B, thousand int) *Report {
	r := scaledReport(b, 1500*thousand, 200*thousand)
	base := loadReport(b, "testdata/kafka-stale-probe.report.json")
	r.Workloads = r.Workloads[:0]
	for i := 0; len(r.Workloads) < 100*thousand; i++ {
		for _, w := range base.Workloads {
			w.Ref.Name = fmt.Sprintf("%s-%d", w.Ref.Name, i)
			r.Workloads = append(r.Workloads, w)
		}
	}
	r.Hypotheses = r.Hypotheses[:0]
	for i := 0; len(r.Hypotheses) < 40*thousand; i++ {
		for _, h := range base.Hypotheses {
			h.Subject.Name = fmt.Sprintf("%s-%d", h.Subject.Name, i)
			h.ID = fmt.Sprintf("%s-%d", h.ID, i)
			r.Hypotheses = append(r.Hypotheses, h)
		}
	}
	return r
}

// countBytes is the size of what render writes.
func countBytes(b *testing.B, render func(io.Writer) error) int64 {
	var c byteCounter
	if err := render(&c); err != nil {
		b.Fatal(err)
	}
	return int64(c)
}

type byteCounter int64

func (c *byteCounter) Write(p []byte) (int, error) {
	*c += byteCounter(len(p))
	return len(p), nil
}
