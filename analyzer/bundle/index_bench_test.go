package bundle_test

import (
	"fmt"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/benchgen"
)

// BenchmarkNewIndexGenerated indexes generated bundles with the issue 11
// mix (see internal/benchgen); µs/object stays flat when the cost is
// linear.
func BenchmarkNewIndexGenerated(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		bun := benchgen.Bundle(b, n)
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bundle.NewIndex(bun.Objects, bun.Logs)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/object")
		})
	}
}
