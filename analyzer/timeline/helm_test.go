package timeline

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A Helm release is dated when it started (lastDeployed; firstDeployed is
// the release name's first install), and the newest one, failed, when it
// failed: Helm's --wait ran out a timeout after the start, after the pods
// whose failure it waited on.
func TestHelmReleaseTimes(t *testing.T) {
	const hr = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: api, namespace: shop, uid: hr-1}
spec: {interval: 5m, chart: {spec: {chart: api, sourceRef: {kind: HelmRepository, name: charts}}}}
status:
  conditions:
  - {type: Ready, status: "False", reason: UpgradeFailed, message: "Helm upgrade failed for release shop/api with chart api@2.0.0: context deadline exceeded", lastTransitionTime: "2026-01-01T10:05:00Z"}
  - {type: Released, status: "False", reason: UpgradeFailed, message: "Helm upgrade failed for release shop/api with chart api@2.0.0: context deadline exceeded", lastTransitionTime: "2026-01-01T10:05:00Z"}
  history:
  - {version: 2, status: failed, chartName: api, chartVersion: 2.0.0, firstDeployed: "2026-01-01T09:00:00Z", lastDeployed: "2026-01-01T10:00:00Z"}
  - {version: 1, status: superseded, chartName: api, chartVersion: 1.0.0, firstDeployed: "2026-01-01T09:00:00Z", lastDeployed: "2026-01-01T09:00:00Z"}
`
	f := filepath.Join(t.TempDir(), "hr.yaml")
	if err := os.WriteFile(f, []byte(hr), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []change
	for _, e := range Build(loadFiles(t, f), nil).Entries {
		if e.Source == SourceReconciler {
			got = append(got, change{e.Time.UTC().Format(time.RFC3339), e.Reason, e.Revision, e.Failure})
		}
	}
	want := []change{
		{"2026-01-01T09:00:00Z", "Release", "1", false},
		{"2026-01-01T10:05:00Z", "Release", "2", true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("release entries (-want +got):\n%s", diff)
	}
}
