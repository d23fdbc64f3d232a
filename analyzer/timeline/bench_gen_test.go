package timeline_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/benchgen"
)

// generated loads a bundle of n objects with the issue 11 mix (see
// internal/benchgen), the same bundle rift dev gen-bundle writes.
func generated(b *testing.B, n int) *bundle.Bundle {
	b.Helper()
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
	return bun
}

// BenchmarkBuildGenerated measures Build on generated bundles, given the
// workloads layers.Build finds; µs/object stays flat when the cost is
// linear.
func BenchmarkBuildGenerated(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		bun := generated(b, n)
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
