package timeline_test

import (
	"fmt"
	"testing"

	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/benchgen"
)

// BenchmarkBuildGenerated measures Build on generated bundles, given the
// workloads layers.Build finds; µs/object stays flat when the cost is
// linear.
func BenchmarkBuildGenerated(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		bun := benchgen.Bundle(b, n)
		ws := layers.Build(bun)
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				timeline.Build(bun, ws)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/object")
		})
	}
}
