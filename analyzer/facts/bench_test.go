package facts_test

import (
	"fmt"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/internal/benchgen"
)

// BenchmarkEvents normalises the events of generated bundles (the issue 11
// mix: half the objects are Events) on a fresh Index each time, as the
// first stage to ask pays; the Index is built outside the timer. µs/event
// stays flat when the cost is linear.
func BenchmarkEvents(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		bun := benchgen.Bundle(b, n)
		evs := len(bun.Index.OfKind("Event"))
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				ix := bundle.NewIndex(bun.Objects, bun.Logs)
				b.StartTimer()
				facts.Events(ix)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(evs), "µs/event")
		})
	}
}
