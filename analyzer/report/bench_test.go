package report

import (
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
