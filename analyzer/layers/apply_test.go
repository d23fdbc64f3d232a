package layers

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

const argoDeploy = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop, labels: {app.kubernetes.io/instance: shop}}
spec: {replicas: 1}
status: {replicas: 1}
---
`

const fluxDeploy = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  labels: {kustomize.toolkit.fluxcd.io/name: shop, kustomize.toolkit.fluxcd.io/namespace: flux-system}
  annotations: {%s}
spec: {replicas: 1}
status: {replicas: 1}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata: {name: shop, namespace: flux-system}
status: {artifact: {revision: "main@sha1:%s"}}
---
`

func argoApp(policy, op, history string) string {
	return `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: shop, namespace: argocd}
spec: {destination: {namespace: shop}, syncPolicy: ` + policy + `}
status:
  sync: {status: OutOfSync, revision: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb}
  operationState: ` + op + `
  history: ` + history + "\n"
}

func kustomization(spec, status string) string {
	return `apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata: {name: shop, namespace: flux-system}
spec: {interval: 10m, sourceRef: {kind: GitRepository, name: shop}` + spec + `}
status: ` + status + "\n"
}

const (
	synced   = `{phase: Succeeded, syncResult: {revision: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb}}`
	syncedA  = `{phase: Succeeded, syncResult: {revision: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa}}`
	hist     = `[{revision: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb}]`
	readyAt  = `{lastAppliedRevision: "main@sha1:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", lastAttemptedRevision: "main@sha1:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", conditions: [{type: Ready, status: "True", reason: ReconciliationSucceeded}]}`
	failedAt = `{lastAppliedRevision: "main@sha1:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", conditions: [{type: Ready, status: "False", reason: ReconciliationFailed, message: "Job/shop/migrate dry-run failed: field is immutable"}]}`
	bbb      = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
)

func TestApplyState(t *testing.T) {
	tests := []struct {
		name, docs     string
		state, setting string
	}{
		{"argo automated without selfHeal at the synced revision", argoDeploy + argoApp(`{automated: {prune: true}}`, synced, hist), ApplyIdle, "spec.syncPolicy.automated.selfHeal: false"},
		{"argo selfHeal corrects", argoDeploy + argoApp(`{automated: {selfHeal: true}}`, synced, hist), ApplyCorrecting, ""},
		{"argo manual sync at the synced revision", argoDeploy + argoApp(`{}`, synced, hist), ApplyIdle, "spec.syncPolicy.automated unset (manual sync)"},
		{"argo automated sync disabled by enabled: false", argoDeploy + argoApp(`{automated: {enabled: false, selfHeal: true}}`, synced, hist), ApplyIdle, "spec.syncPolicy.automated unset (manual sync)"},
		{"argo automated sync of a new revision pending", argoDeploy + argoApp(`{automated: {}}`, syncedA, `[]`), ApplyApplying, ""},
		{"argo manual sync of a new revision waits", argoDeploy + argoApp(`{}`, syncedA, `[]`), ApplyHeld, "spec.syncPolicy.automated unset (manual sync)"},
		{"argo sync running", argoDeploy + argoApp(`{automated: {}}`, `{phase: Running, operation: {sync: {revision: `+bbb+`}}}`, hist), ApplyApplying, ""},
		{"argo sync failed at the target", argoDeploy + argoApp(`{automated: {}}`, `{phase: Failed, message: denied, syncResult: {revision: `+bbb+`}}`, `[]`), ApplyFailed, ""},
		{"argo history only", argoDeploy + argoApp(`{automated: {}}`, `{}`, hist), ApplyIdle, "spec.syncPolicy.automated.selfHeal: false"},
		{"flux ready at the source re-applies at its interval", fmt.Sprintf(fluxDeploy, "", bbb) + kustomization("", readyAt), ApplyCorrecting, ""},
		{"flux reconcile disabled on the object", fmt.Sprintf(fluxDeploy, "kustomize.toolkit.fluxcd.io/reconcile: disabled", bbb) + kustomization("", readyAt), ApplyIdle, "kustomize.toolkit.fluxcd.io/reconcile: disabled on Deployment/shop/web"},
		{"flux ssa IfNotPresent on the object", fmt.Sprintf(fluxDeploy, "kustomize.toolkit.fluxcd.io/ssa: IfNotPresent", bbb) + kustomization("", readyAt), ApplyIdle, "kustomize.toolkit.fluxcd.io/ssa: IfNotPresent on Deployment/shop/web"},
		{"flux suspended at the source", fmt.Sprintf(fluxDeploy, "", bbb) + kustomization(", suspend: true", readyAt), ApplyIdle, "spec.suspend: true"},
		{"flux suspended behind the source", fmt.Sprintf(fluxDeploy, "", "cccccccccccccccccccccccccccccccccccccccc") + kustomization(", suspend: true", readyAt), ApplyHeld, "spec.suspend: true"},
		{"flux new artifact not applied yet", fmt.Sprintf(fluxDeploy, "", "cccccccccccccccccccccccccccccccccccccccc") + kustomization("", readyAt), ApplyApplying, ""},
		{"flux immutable field without force", fmt.Sprintf(fluxDeploy, "", bbb) + kustomization("", failedAt), ApplyFailed, "spec.force: false"},
		{"flux immutable field with force", fmt.Sprintf(fluxDeploy, "", bbb) + kustomization(", force: true", failedAt), ApplyFailed, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := findWorkload(t, Build(fromYAML(t, tt.docs)), "Deployment/shop/web")
			if w.Apply == nil {
				t.Fatal("no apply state")
			}
			got := [2]string{w.Apply.State, w.Apply.Setting}
			if d := cmp.Diff([2]string{tt.state, tt.setting}, got); d != "" {
				t.Errorf("state, setting (-want +got):\n%s\nreason: %s", d, w.Apply.Reason)
			}
		})
	}
}

func TestHelmReleaseApplyState(t *testing.T) {
	tests := []struct {
		name, spec, state, setting string
	}{
		{"drift detection off by default", `{}`, ApplyIdle, "spec.driftDetection.mode: disabled (the default)"},
		{"drift detection warns only", `{driftDetection: {mode: warn}}`, ApplyIdle, "spec.driftDetection.mode: warn"},
		{"drift detection corrects", `{driftDetection: {mode: enabled}}`, ApplyCorrecting, ""},
		{"suspended", `{suspend: true}`, ApplyIdle, "spec.suspend: true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hr := objectOf(map[string]any{"kind": "HelmRelease", "spec": mustYAML(t, tt.spec), "status": map[string]any{
				"lastAttemptedRevision": "1.2.0", "history": []any{map[string]any{"chartVersion": "1.2.0"}},
				"conditions": []any{map[string]any{"type": "Ready", "status": "True", "reason": "UpgradeSucceeded"}},
			}})
			got := helmApply(hr)
			if d := cmp.Diff([2]string{tt.state, tt.setting}, [2]string{got.State, got.Setting}); d != "" {
				t.Errorf("state, setting (-want +got):\n%s", d)
			}
		})
	}
}

// TestApplyStateGitAhead covers Git holding a revision the Flux source has
// not fetched: the source will fetch it by itself (applying), or it cannot
// fetch (failed), and in neither case is the live object's old value drift.
func TestApplyStateGitAhead(t *testing.T) {
	const ccc = "cccccccccccccccccccccccccccccccccccccccc"
	source := func(ready string) string {
		return `apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata: {name: shop, namespace: flux-system}
spec: {url: "https://git.example.com/shop.git"}
status: {artifact: {revision: "main@sha1:` + bbb + `"}, conditions: [` + ready + `]}
---
`
	}
	deploy := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  labels: {kustomize.toolkit.fluxcd.io/name: shop, kustomize.toolkit.fluxcd.io/namespace: flux-system}
spec: {replicas: 1}
status: {replicas: 1}
---
`
	tests := []struct {
		name, ready, state string
	}{
		{"the source fetches at its interval", `{type: Ready, status: "True", reason: Succeeded}`, ApplyApplying},
		{"the source cannot fetch", `{type: Ready, status: "False", reason: GitOperationFailed, message: "authentication required"}`, ApplyFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fromYAML(t, deploy+source(tt.ready)+kustomization("", readyAt))
			b.Sources = []*bundle.GitSource{{Name: "shop", URL: "https://git.example.com/shop.git", Revision: ccc}}
			w := findWorkload(t, Build(b), "Deployment/shop/web")
			if w.Apply == nil {
				t.Fatal("no apply state")
			}
			if w.Apply.State != tt.state {
				t.Errorf("state = %s, want %s (reason: %s)", w.Apply.State, tt.state, w.Apply.Reason)
			}
		})
	}
}
