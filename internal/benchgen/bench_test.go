package benchgen

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// BenchmarkLoad is the floor of issue 11: read, decompress and decode a
// generated .tar.gz, as rift inspect loads (share=false), and with the
// objects' common parts shared as the analysing commands load
// (share=true). The µs/object metric stays flat when loading is linear.
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		p := filepath.Join(b.TempDir(), "bench.tar.gz")
		f, err := os.Create(p)
		if err != nil {
			b.Fatal(err)
		}
		if err := Write(f, Config{Objects: n, Seed: 1}); err != nil {
			b.Fatal(err)
		}
		f.Close()
		for _, share := range []bool{false, true} {
			b.Run(fmt.Sprintf("objects=%d/share=%v", n, share), func(b *testing.B) {
				for b.Loop() {
					bun, err := bundle.Load(p, bundle.LoadOptions{Share: share})
					if err != nil || len(bun.Errors) > 0 {
						b.Fatalf("Load: %v %v", err, bun.Errors)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/object")
			})
		}
	}
}
