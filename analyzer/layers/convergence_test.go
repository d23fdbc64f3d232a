package layers

import (
	"os"
	"strings"
	"testing"
)

func loadYAMLFile(t *testing.T, path string) []Workload {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Build(fromYAML(t, string(data)))
}

func TestConvergence(t *testing.T) {
	tests := []struct {
		file, workload, want string
		reasonHas            []string
	}{
		{"statefulset-unready-pod-blocks-rolling-update", "StatefulSet/data/db", Blocked, []string{"Pod data/db-1", "CrashLoopBackOff", "OrderedReady", "67250"}},
		{"statefulset-ondelete-old-pods", "StatefulSet/cache/redis", Blocked, []string{"OnDelete", "redis-0"}},
		{"statefulset-partition-holds-ordinals", "StatefulSet/shop/web", Blocked, []string{"partition=2", "web-0, web-1"}},
		{"statefulset-maxunavailable-room-left", "StatefulSet/data/cache", Progressing, []string{"1 of 3 replicas on updateRevision"}},
		{"statefulset-rolling-update-in-progress", "StatefulSet/data/zk", Progressing, []string{"1 of 2 replicas on updateRevision", "zk-0"}},
		{"deployment-paused-mid-rollout", "Deployment/shop/api", Blocked, []string{"paused"}},
		{"deployment-progress-deadline-exceeded", "Deployment/shop/api", Blocked, []string{"ProgressDeadlineExceeded", "api-6c7d-x1", "ImagePullBackOff"}},
		{"deployment-maxunavailable-used-up", "Deployment/shop/web", Blocked, []string{"maxUnavailable=0", "maxSurge=1", "web-new-a", "statuscode: 503", "web-old-a, web-old-b"}},
		{"deployment-new-pod-unschedulable", "Deployment/shop/web", Blocked, []string{"web-new-a", "Insufficient cpu"}},
		{"deployment-claim-storageclass-missing", "Deployment/shop/reports", Blocked, []string{"reports-5d8f-a1", "StorageClass fast-ssd does not exist"}},
		{"deployment-new-pod-starting", "Deployment/shop/web", Progressing, []string{"waiting for new Pod shop/web-new-a"}},
		{"statefulset-new-revision-pod-starting", "StatefulSet/shop/web", Progressing, []string{"1 of 2 replicas on updateRevision", "web-0"}},
		{"deployment-pod-on-older-template-hash", "Deployment/shop/cart", Progressing, []string{"older pod-template-hash than 5d5d", "cart-4c4c-old"}},
		{"deployment-generation-not-observed", "Deployment/shop/api", Progressing, []string{"observed generation 8 of 9"}},
		{"deployment-converged", "Deployment/shop/api", Converged, []string{"1 of 1", "pod-template-hash 77"}},
		{"deployment-pinned-digest-not-running", "Deployment/shop/api", Failed, []string{"image digest mismatch", "api-77-a", "sha256:2222", "pins sha256:1111"}},
		{"daemonset-ondelete-old-pods", "DaemonSet/ops/agent", Blocked, []string{"OnDelete", "agent-x1"}},
		{"daemonset-maxunavailable-used-up", "DaemonSet/ops/agent", Blocked, []string{"maxUnavailable=1", "agent-n1", "connection refused"}},
		{"job-backoff-limit-exceeded", "Job/shop/migrate", Failed, []string{"BackoffLimitExceeded"}},
		{"job-suspended", "Job/shop/report", Suspended, []string{"suspend"}},
		{"cronjob-last-run-failed", "CronJob/shop/nightly", Failed, []string{"2026-03-02T02:00:00Z", "did not succeed", "not in the bundle"}},
		{"cronjob-last-run-active", "CronJob/shop/nightly", Converged, []string{"no Job in the bundle"}},
		{"pod-unschedulable", "Pod/ml/trainer", Blocked, []string{"Insufficient nvidia.com/gpu"}},
		{"pod-crashloop", "Pod/shop/worker", Failed, []string{"CrashLoopBackOff"}},
		{"kustomization-suspended", "Kustomization/flux-system/apps", Suspended, []string{"suspend"}},
		{"kustomization-source-failing", "Kustomization/flux-system/apps", Blocked, []string{"GitRepository/flux-system/platform cannot fetch", "authentication required"}},
		{"kustomization-behind-source", "Kustomization/flux-system/apps", Progressing, []string{"main@222222222222", "main@111111111111"}},
		{"helmrelease-upgrade-failed", "HelmRelease/apps/podinfo", Failed, []string{"UpgradeFailed"}},
		{"application-outofsync-manual", "Application/argocd/guestbook", Blocked, []string{"automated sync is off"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			w := findWorkload(t, loadYAMLFile(t, "testdata/convergence/"+tc.file+".yaml"), tc.workload)
			if w.Convergence != tc.want {
				t.Errorf("convergence = %s (%s), want %s", w.Convergence, w.ConvergenceReason, tc.want)
			}
			for _, s := range tc.reasonHas {
				if !strings.Contains(w.ConvergenceReason, s) {
					t.Errorf("reason %q lacks %q", w.ConvergenceReason, s)
				}
			}
		})
	}
}

// TestJudgeFluxDependency judges a Flux object no workload covers, as
// `rift health` does: a DependencyNotReady on a dependency that does not
// exist is blocked, one that is not ready yet progressing.
func TestJudgeFluxDependency(t *testing.T) {
	tests := []struct{ name, message, want string }{
		{"missing", `referenced ImageRepository does not exist: ImageRepository.image.toolkit.fluxcd.io "podinfo-faulty" not found`, Blocked},
		{"not ready yet", "dependency flux-system/infra is not ready", Progressing},
	}
	data, err := os.ReadFile("testdata/convergence/imagepolicy-dependency-missing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := strings.Replace(string(data), `'referenced ImageRepository does not exist: ImageRepository.image.toolkit.fluxcd.io "podinfo-faulty" not found'`, "'"+tc.message+"'", 1)
			js, err := Judge(fromYAML(t, doc), nil)
			if err != nil || len(js) != 1 {
				t.Fatalf("judged %d objects: %v", len(js), err)
			}
			if got := js[0].Result.Status; got != tc.want {
				t.Errorf("status = %s (%s), want %s", got, js[0].Result.Reason, tc.want)
			}
		})
	}
}
