package bundle

import (
	"testing"
	"time"
)

// The GitOps controllers' own times count when the capture time is
// inferred: an Argo CD Application's reconciledAt (refreshed every few
// minutes, often the newest time in the bundle), its history's
// deployedAt, a HelmRelease's lastDeployed.
func TestCaptureInferredFromGitOpsTimes(t *testing.T) {
	for name, tc := range map[string]struct {
		doc  string
		want time.Time
	}{
		"argo reconciledAt": {`apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: shop, namespace: argocd, creationTimestamp: "2026-11-01T00:00:00Z"}
status:
  reconciledAt: "2026-11-07T09:40:00Z"
  conditions: [{type: ComparisonError, message: x, lastTransitionTime: "2026-11-07T09:00:00Z"}]
`, time.Date(2026, 11, 7, 9, 40, 0, 0, time.UTC)},
		"argo deployedAt": {`apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: shop, namespace: argocd, creationTimestamp: "2026-11-01T00:00:00Z"}
status:
  history: [{id: 1, revision: abc, deployStartedAt: "2026-11-02T10:00:00Z", deployedAt: "2026-11-02T10:00:05Z"}]
`, time.Date(2026, 11, 2, 10, 0, 5, 0, time.UTC)},
		"helm lastDeployed": {`apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: api, namespace: shop, creationTimestamp: "2026-11-01T00:00:00Z"}
status:
  history: [{version: 2, status: deployed, firstDeployed: "2026-11-01T00:00:10Z", lastDeployed: "2026-11-03T08:00:00Z"}]
`, time.Date(2026, 11, 3, 8, 0, 0, 0, time.UTC)},
	} {
		t.Run(name, func(t *testing.T) {
			objs, errs := DecodeDocuments("objects/x.yaml", []byte(tc.doc))
			if len(errs) > 0 || len(objs) != 1 {
				t.Fatalf("decode: %d objects, %v", len(objs), errs)
			}
			b := New(FormatDirectory, Meta{}, objs, nil, nil, nil)
			if !b.CaptureTime.Equal(tc.want) || !b.CaptureTimeInferred {
				t.Errorf("capture time %v (inferred %v), want %v inferred", b.CaptureTime, b.CaptureTimeInferred, tc.want)
			}
		})
	}
}
