package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/expect"
)

// loadBundle loads the bundle at path. A recorded-incident directory (one
// holding expect.yaml beside its bundle) stands for its bundle, so
// `rift analyze fixtures/kafka-stale-probe` reads what `rift test` reads
// instead of importing expect.yaml and the bundle's files as a plain
// directory of objects.
//
// A truncated or corrupt archive is an input error whose first line names
// the file and the byte where reading failed; a second line says what
// --partial would read.
func loadBundle(path string, opts bundle.LoadOptions) (*bundle.Bundle, error) {
	if _, err := os.Stat(filepath.Join(path, "expect.yaml")); err == nil {
		if fs, err := expect.Discover(path); err == nil && len(fs) == 1 {
			path = fs[0].Bundle
		}
	}
	b, err := bundle.Load(path, opts)
	var ae *bundle.ArchiveError
	if errors.As(err, &ae) && !opts.Partial && ae.Members > 1 {
		return nil, fmt.Errorf("%w\n  --partial reads what precedes the damage; the verdict is then at best unknown", err)
	}
	return b, err
}

// loadForAnalysis is loadBundle for the commands that analyse a bundle:
// they only read its objects, so the loader shares the objects' common
// parts (LoadOptions.Share), which an analysis repays many times over.
// rift inspect, which only counts, loads without: sharing would cost it a
// fifth of its time.
func loadForAnalysis(path string, opts bundle.LoadOptions) (*bundle.Bundle, error) {
	opts.Share = true
	return loadBundle(path, opts)
}
