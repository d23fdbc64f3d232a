package bundle_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/benchgen"
)

// BenchmarkNewIndexGenerated indexes generated bundles with the issue 11
// mix (see internal/benchgen); µs/object stays flat when the cost is
// linear.
func BenchmarkNewIndexGenerated(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		p := filepath.Join(b.TempDir(), "bench.tar.gz")
		f, err := os.Create(p)
		if err != nil {
			b.Fatal(err)
		}
		if err := benchgen.Write(f, benchgen.Config{Objects: n, Seed: 1}); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
		bun, err := bundle.Load(p, bundle.LoadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bundle.NewIndex(bun.Objects, bun.Logs)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/object")
		})
	}
}
