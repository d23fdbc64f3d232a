package layers

import (
	"strings"
	"testing"
)

// Once helm-controller rolled a failed upgrade back, Ready mirrors the
// remediation ("RollbackSucceeded") and only Released keeps what failed:
// the verdict says both.
func TestRemediatedHelmRelease(t *testing.T) {
	const doc = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: web, namespace: shop, generation: 2}
spec: {interval: 5m, chart: {spec: {chart: web, sourceRef: {kind: HelmRepository, name: charts}}}}
status:
  observedGeneration: 2
  conditions:
  - {type: Ready, status: "False", reason: RollbackSucceeded, message: "Helm rollback to previous release shop/web.v1 with chart web@1.0.0 succeeded", observedGeneration: 2}
  - {type: Released, status: "False", reason: UpgradeFailed, message: "Helm upgrade failed for release shop/web with chart web@2.0.0: context deadline exceeded", observedGeneration: 2}
  - {type: Remediated, status: "True", reason: RollbackSucceeded, message: "Helm rollback to previous release shop/web.v1 with chart web@1.0.0 succeeded", observedGeneration: 2}
`
	w := findWorkload(t, Build(fromYAML(t, doc)), "HelmRelease/shop/web")
	if w.Convergence != Failed || !strings.Contains(w.ConvergenceReason, "what it remediated: Released=False UpgradeFailed: Helm upgrade failed") {
		t.Errorf("HelmRelease/shop/web %s: %s", w.Convergence, w.ConvergenceReason)
	}
}
