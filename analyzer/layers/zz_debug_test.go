package layers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func TestDebugArgoFlux(t *testing.T) {
	filepath.Walk(corpusRoot+"argo-cd-flux-health", func(p string, i os.FileInfo, err error) error {
		if !strings.HasSuffix(p, ".yaml") {
			return nil
		}
		data, _ := os.ReadFile(p)
		objs, errs := bundle.DecodeDocuments("x", data)
		for _, w := range Build(bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)) {
			t.Logf("%s | %s | %s | %s | %d", strings.TrimPrefix(p, corpusRoot+"argo-cd-flux-health/resource_customizations/"), w.Ref, w.Convergence, w.ConvergenceReason, len(errs))
		}
		return nil
	})
}
