package layers

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// A reconciler that failed waiting for what it applied names the stuck
// workloads it manages (WaitsOn); one that failed for a reason of its own,
// or waits on healthy workloads, names none.
func TestWaitsOn(t *testing.T) {
	// deploy is a Deployment managed through labels; stalled ones are past
	// their progress deadline (blocked).
	deploy := func(name, labels string, stalled bool) string {
		cond := `{type: Progressing, status: "True", reason: NewReplicaSetAvailable}`
		if stalled {
			cond = `{type: Progressing, status: "False", reason: ProgressDeadlineExceeded, message: "ReplicaSet has timed out progressing."}`
		}
		return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata: {name: %s, namespace: shop, generation: 2, labels: {%s}}
spec: {replicas: 1, selector: {matchLabels: {app: %s}}, template: {metadata: {labels: {app: %s}}, spec: {containers: [{name: c, image: x:1}]}}}
status: {observedGeneration: 2, replicas: 1, updatedReplicas: 1, availableReplicas: 1, conditions: [%s]}
---
`, name, labels, name, name, cond)
	}
	flux := `kustomize.toolkit.fluxcd.io/name: apps, kustomize.toolkit.fluxcd.io/namespace: flux-system`
	helm := `helm.toolkit.fluxcd.io/name: web, helm.toolkit.fluxcd.io/namespace: shop`
	ks := func(reason, msg string) string {
		return fmt.Sprintf(`apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata: {name: apps, namespace: flux-system, generation: 1}
spec: {interval: 5m, path: ./apps, wait: true, sourceRef: {kind: GitRepository, name: apps}}
status: {observedGeneration: 1, conditions: [{type: Ready, status: "False", reason: %s, message: %q, observedGeneration: 1}]}
---
`, reason, msg)
	}
	hr := func(msg string) string {
		return fmt.Sprintf(`apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: web, namespace: shop, generation: 1}
spec: {interval: 5m, chart: {spec: {chart: web, sourceRef: {kind: HelmRepository, name: charts}}}}
status: {observedGeneration: 1, conditions: [{type: Ready, status: "False", reason: UpgradeFailed, message: %q, observedGeneration: 1}, {type: Released, status: "False", reason: UpgradeFailed, message: %q, observedGeneration: 1}]}
---
`, msg, msg)
	}
	app := func(status string) string {
		return `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: web, namespace: argocd}
spec: {project: default, source: {repoURL: "https://git.example.com/apps.git", path: web, targetRevision: main}, destination: {server: "https://kubernetes.default.svc", namespace: shop}}
status: {` + status + `}
---
`
	}
	ref := func(name string) bundle.Ref {
		return bundle.Ref{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "shop", Name: name}
	}
	tests := []struct {
		name, docs, owner string
		want              []bundle.Ref
	}{
		{"a health check names the stalled Deployment",
			ks("HealthCheckFailed", "Health check failed after 5m0s: timeout waiting for: [Deployment/shop/api status: 'InProgress']") +
				deploy("api", flux, true) + deploy("web", flux, true),
			"Kustomization/flux-system/apps", []bundle.Ref{ref("api")}},
		{"a health check that names nothing stuck waits on every stuck workload",
			ks("HealthCheckFailed", "Health check failed after 5m0s: timeout waiting for: [Deployment/shop/gone status: 'NotFound']") +
				deploy("api", flux, true) + deploy("web", flux, false),
			"Kustomization/flux-system/apps", []bundle.Ref{ref("api")}},
		{"a build failure is the Kustomization's own",
			ks("BuildFailed", "kustomize build failed: accumulating resources") + deploy("api", flux, true),
			"Kustomization/flux-system/apps", nil},
		{"a health check over healthy workloads waits on nothing the bundle shows",
			ks("HealthCheckFailed", "Health check failed after 5m0s: timeout waiting for: [Deployment/shop/api status: 'InProgress']") + deploy("api", flux, false),
			"Kustomization/flux-system/apps", nil},
		{"Helm's --wait ran out",
			hr("Helm upgrade failed for release shop/web with chart web@2.0.0: context deadline exceeded") + deploy("web", helm, true),
			"HelmRelease/shop/web", []bundle.Ref{ref("web")}},
		{"an Argo CD Application Degraded by its Deployment",
			app(`sync: {status: Synced, revision: abc}, health: {status: Degraded, message: "Deployment \"web\" exceeded its progress deadline"}, operationState: {phase: Succeeded}`) + deploy("web", `app.kubernetes.io/instance: web`, true),
			"Application/argocd/web", []bundle.Ref{ref("web")}},
		{"a failed Argo CD sync is the Application's own",
			app(`sync: {status: OutOfSync, revision: abc}, health: {status: Degraded}, operationState: {phase: Failed, message: "one or more objects failed to apply"}`) + deploy("web", `app.kubernetes.io/instance: web`, true),
			"Application/argocd/web", nil},
		{"an Argo CD sync stopped by its PreSync hook",
			app(`sync: {status: OutOfSync, revision: abc}, health: {status: Healthy}, operationState: {phase: Failed, message: "one or more synchronization tasks completed unsuccessfully", syncResult: {resources: [{group: batch, version: v1, kind: Job, namespace: shop, name: migrate, status: Synced, hookType: PreSync, hookPhase: Failed, message: "Job has reached the specified backoff limit"}]}}`) +
				`apiVersion: batch/v1
kind: Job
metadata: {name: migrate, namespace: shop, labels: {app.kubernetes.io/instance: web}, annotations: {argocd.argoproj.io/hook: PreSync}}
spec: {backoffLimit: 1, template: {spec: {restartPolicy: Never, containers: [{name: m, image: m:1}]}}}
status: {failed: 2, conditions: [{type: Failed, status: "True", reason: BackoffLimitExceeded, message: "Job has reached the specified backoff limit"}]}
---
` + deploy("web", `app.kubernetes.io/instance: web`, false),
			"Application/argocd/web", []bundle.Ref{{APIVersion: "batch/v1", Kind: "Job", Namespace: "shop", Name: "migrate"}}},
		{"a Helm pre-upgrade hook failed",
			hr("Helm upgrade failed for release shop/web with chart web@2.0.0: pre-upgrade hooks failed: 1 error occurred:\n\t* job web-migrate failed: BackoffLimitExceeded") +
				`apiVersion: batch/v1
kind: Job
metadata: {name: web-migrate, namespace: shop, labels: {` + helm + `}, annotations: {helm.sh/hook: pre-upgrade}}
spec: {backoffLimit: 1, template: {spec: {restartPolicy: Never, containers: [{name: m, image: m:2}]}}}
status: {failed: 2, conditions: [{type: Failed, status: "True", reason: BackoffLimitExceeded, message: "Job has reached the specified backoff limit"}]}
---
` + deploy("web", helm, false),
			"HelmRelease/shop/web", []bundle.Ref{{APIVersion: "batch/v1", Kind: "Job", Namespace: "shop", Name: "web-migrate"}}},
		{"a Helm rejection is the release's own",
			hr("Helm upgrade failed: cannot patch \"web\" with kind Deployment: field is immutable") + deploy("web", helm, true),
			"HelmRelease/shop/web", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := findWorkload(t, Build(fromYAML(t, tc.docs)), tc.owner)
			if diff := cmp.Diff(tc.want, w.WaitsOn); diff != "" {
				t.Errorf("WaitsOn of %s (%s: %s) (-want +got):\n%s", tc.owner, w.Convergence, w.ConvergenceReason, diff)
			}
		})
	}
}
