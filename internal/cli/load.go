package cli

import (
	"os"
	"path/filepath"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/expect"
)

// loadBundle loads the bundle at path. A recorded-incident directory (one
// holding expect.yaml beside its bundle) stands for its bundle, so
// `rift analyze fixtures/kafka-stale-probe` reads what `rift test` reads
// instead of importing expect.yaml and the bundle's files as a plain
// directory of objects. The commands that load through here only read the
// objects, so their common parts are shared (LoadOptions.Share).
func loadBundle(path string, opts bundle.LoadOptions) (*bundle.Bundle, error) {
	opts.Share = true
	if _, err := os.Stat(filepath.Join(path, "expect.yaml")); err == nil {
		if fs, err := expect.Discover(path); err == nil && len(fs) == 1 {
			path = fs[0].Bundle
		}
	}
	return bundle.Load(path, opts)
}
