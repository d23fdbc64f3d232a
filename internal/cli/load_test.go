package cli

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestLoadBundleFixtureDir: a recorded-incident directory loads as its
// bundle, with no load errors from expect.yaml or the bundle's layout.
func TestLoadBundleFixtureDir(t *testing.T) {
	viaDir, err := loadBundle("../../fixtures/kafka-stale-probe", bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	direct, err := bundle.Load("../../fixtures/kafka-stale-probe/bundle", bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(viaDir.Errors) != 0 {
		t.Errorf("load errors: %v", viaDir.Errors)
	}
	if d := cmp.Diff(len(direct.Objects), len(viaDir.Objects)); d != "" || viaDir.Format != bundle.FormatRift {
		t.Errorf("fixture dir loaded %d objects as %s, want %d as %s", len(viaDir.Objects), viaDir.Format, len(direct.Objects), bundle.FormatRift)
	}
}
