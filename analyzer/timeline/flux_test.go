package timeline

import (
	"path/filepath"
	"strings"
	"testing"
)

const fluxCaptures = "../../testdata/corpus/argo-cd-flux-health/resource_customizations/"

// TestFluxConditions reads real Flux objects that Argo CD's health checks
// classify as healthy, progressing or degraded (by file name): a degraded
// object must yield a failed transition, the others none.
func TestFluxConditions(t *testing.T) {
	files, err := filepath.Glob(fluxCaptures + "*.toolkit.fluxcd.io/*/testdata/*.yaml")
	if err != nil || len(files) < 20 {
		t.Fatalf("found %d Flux captures: %v", len(files), err)
	}
	for _, f := range files {
		rel, _ := filepath.Rel(fluxCaptures, f)
		t.Run(rel, func(t *testing.T) {
			tl := Build(loadFiles(t, f), nil)
			var failed []string
			for _, e := range tl.Entries {
				if e.Failure {
					failed = append(failed, e.Reason)
				}
			}
			degraded := strings.HasSuffix(f, "degraded.yaml")
			if degraded != (len(failed) > 0) {
				t.Errorf("degraded=%v but failures %v", degraded, failed)
			}
		})
	}
}
