package benchgen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Bundle writes the generated bundle of objects objects (seed 1, the
// bundle `rift dev gen-bundle --objects N` writes) to a temporary archive
// and loads it as the analysing commands do (sharing common parts),
// failing tb on any error. It is for benchmarks of the analysis phases,
// which need the issue 11 mix already decoded.
func Bundle(tb testing.TB, objects int) *bundle.Bundle {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), "bench.tar.gz")
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	if err := Write(f, Config{Objects: objects, Seed: 1}); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	b, err := bundle.Load(p, bundle.LoadOptions{Share: true})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
