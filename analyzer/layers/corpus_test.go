package layers

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// The real captures of testdata/corpus (public data, origins in its SOURCES.md) carry their own verdicts: the
// gitops-engine health_test.go assertions (Argo CD health) and is-healthy's
// expected-health annotations or test assertions. rift's convergence is a
// different question (has the object reached its declared state, and if not
// why), so a few verdicts differ on purpose; each is explained in note and in
// docs/layers.md.
const corpusRoot = "../../testdata/corpus/"

// agrees maps a ground-truth health onto the rift verdicts that mean the
// same thing.
var agrees = map[string][]string{
	"argo:Healthy":      {Converged},
	"argo:Progressing":  {Progressing},
	"argo:Degraded":     {Failed, Blocked},
	"argo:Suspended":    {Suspended, Blocked},
	"argo:Missing":      {Progressing, Blocked},
	"is:healthy":        {Converged},
	"is:unhealthy":      {Failed, Blocked},
	"is:warning":        {Progressing, Blocked, Failed},
	"is:unknown":        {Unknown, Progressing},
	"is:healthy/paused": {Converged},
}

func TestCorpusGroundTruth(t *testing.T) {
	const (
		ge = "gitops-engine-health/pkg/health/testdata/"
		ih = "is-healthy/pkg/health/testdata/"
		af = "argo-cd-flux-health/resource_customizations/"
	)
	tests := []struct {
		file, workload, truth, want, note string
	}{
		{ge + "deployment-progressing.yaml", "Deployment/default/guestbook-ui", "argo:Progressing", Progressing, ""},
		{ge + "deployment-suspended.yaml", "Deployment/default/guestbook-ui", "argo:Suspended", Blocked, ""},
		{ge + "deployment-degraded.yaml", "Deployment/default/guestbook-ui", "argo:Degraded", Blocked, ""},
		{ge + "statefulset.yaml", "StatefulSet/default/redis-master", "argo:Healthy", Converged, ""},
		{ge + "statefulset-ondelete.yaml", "StatefulSet/default/redis-master", "argo:Healthy", Converged, ""},
		{ge + "daemonset-ondelete.yaml", "DaemonSet/kube-system/fluentd-elasticsearch", "argo:Healthy", Converged, ""},
		{ge + "job-running.yaml", "Job/argoci-workflows/succeed", "argo:Progressing", Progressing, ""},
		{ge + "job-failed.yaml", "Job/argoci-workflows/fail", "argo:Degraded", Failed, ""},
		{ge + "job-succeeded.yaml", "Job/argoci-workflows/succeed", "argo:Healthy", Converged, ""},
		{ge + "job-suspended.yaml", "Job/argoci-workflows/succeed", "argo:Suspended", Suspended, ""},
		{ge + "pod-pending.yaml", "Pod/argocd/image-pull-backoff", "argo:Progressing", Progressing, ""},
		{ge + "pod-running-not-ready.yaml", "Pod/argocd/never-ready", "argo:Progressing", Progressing, ""},
		{ge + "pod-crashloop.yaml", "Pod/argocd/my-pod", "argo:Degraded", Failed, ""},
		{ge + "pod-imagepullbackoff.yaml", "Pod/default/guestbook-ui-errimagepullbackoff-66cfffb669-45w2j", "argo:Degraded", Failed, ""},
		{ge + "pod-error.yaml", "Pod/argocd/my-pod", "argo:Degraded", Failed, ""},
		{ge + "pod-running-restart-always.yaml", "Pod/argocd/my-pod", "argo:Healthy", Converged, ""},
		{ge + "pod-running-restart-never.yaml", "Pod/argocd/my-pod", "argo:Progressing", Progressing, ""},
		{ge + "pod-running-restart-onfailure.yaml", "Pod/argocd/my-pod", "argo:Progressing", Failed,
			"Argo CD calls any running OnFailure/Never pod progressing; its container is in CrashLoopBackOff, which does not clear by itself"},
		{ge + "pod-failed.yaml", "Pod/argocd/my-pod", "argo:Degraded", Failed, ""},
		{ge + "pod-succeeded.yaml", "Pod/argocd/my-pod", "argo:Healthy", Converged, ""},
		{ge + "pod-deletion.yaml", "Pod/argocd/image-pull-backoff", "argo:Progressing", Progressing, ""},

		{ih + "Kubernetes/DaemonSet/healthy.yaml", "DaemonSet/monitoring/alloy", "is:healthy", Converged, ""},
		{ih + "Kubernetes/DaemonSet/unavailable-replica.yaml", "DaemonSet/storage/longhorn-manager", "is:warning", Progressing, ""},
		{ih + "Kubernetes/Deployment/deployment-degraded.yaml", "Deployment/default/guestbook-ui", "is:warning", Progressing, ""},
		{ih + "Kubernetes/Deployment/deployment-failed.yaml", "Deployment/platform-system/karina", "is:unhealthy", Blocked, ""},
		{ih + "Kubernetes/Deployment/deployment-progressing.yaml", "Deployment/default/guestbook-ui", "is:healthy", Progressing,
			"is-healthy calls a rolling update within its deadline healthy; the rollout has not converged (1 of 2 updated)"},
		{ih + "Kubernetes/Deployment/deployment-rollout-failed-unhealthy.yaml", "Deployment/guestbook-ui", "is:warning", Blocked, ""},
		{ih + "Kubernetes/Deployment/deployment-rollout-failed.yaml", "Deployment/guestbook-ui", "is:healthy", Progressing,
			"is-healthy calls a rolling update within its deadline healthy; the rollout has not converged (1 of 2 updated)"},
		{ih + "Kubernetes/Deployment/deployment-scaled-up.yaml", "Deployment/podinfo/podinfo", "is:healthy", Converged, ""},
		{ih + "Kubernetes/Deployment/deployment-scaling-down.yaml", "Deployment/default/guestbook-ui", "is:healthy", Progressing,
			"an old pod is still terminating (status.replicas 2 > updatedReplicas 1): not yet converged"},
		{ih + "Kubernetes/Deployment/deployment-scaling-up.yaml", "Deployment/podinfo/podinfo", "is:warning", Progressing, ""},
		{ih + "Kubernetes/Deployment/deployment-starting.yaml", "Deployment/default/guestbook-ui", "is:unknown", Progressing, ""},
		{ih + "Kubernetes/Deployment/deployment-suspended.yaml", "Deployment/default/guestbook-ui", "is:healthy", Blocked,
			"paused with an old ReplicaSet still serving: the pods do not run the declared template and will not until resumed"},
		{ih + "Kubernetes/Deployment/progress-deadline-exceeded.yaml", "Deployment/mission-control/bad-image-deployment", "is:unhealthy", Blocked, ""},
		{ih + "Kubernetes/Deployment/restart.yaml", "Deployment/flux-092532/podinfo2", "is:healthy", Progressing,
			"availableReplicas is 0 of 1 after a restart: is-healthy trusts the young rollout, rift reports it has not converged yet"},
		{ih + "Kubernetes/HelmRelease/flux-helmrelease-install-failed.yaml", "HelmRelease/mission-control/mission-control-helm", "is:unhealthy", Failed, ""},
		{ih + "Kubernetes/HelmRelease/flux-helmrelease-ready.yaml", "HelmRelease/default/postgresql", "is:healthy", Converged, ""},
		{ih + "Kubernetes/Job/job-failed.yaml", "Job/argoci-workflows/fail", "is:unhealthy", Failed, ""},
		{ih + "Kubernetes/Job/job-running.yaml", "Job/argoci-workflows/succeed", "is:healthy", Progressing,
			"a running Job has not completed; is-healthy calls it healthy because nothing failed"},
		{ih + "Kubernetes/Pod/container-creating.yaml", "Pod/argocd/image-pull-backoff", "is:unknown", Progressing, ""},
		{ih + "Kubernetes/Pod/crashloopbackoff.yaml", "Pod/argocd/my-pod", "is:unhealthy", Failed, ""},
		{ih + "Kubernetes/Pod/early-failures.yaml", "Pod/mission-control/canary-checker-6985458cf7-45l8t", "is:warning", Converged,
			"past restarts are history, shown in the started stage; the pod is Running and Ready now"},
		{ih + "Kubernetes/Pod/evicted.yaml", "Pod/default/evicted-pod", "is:warning", Failed, ""},
		{ih + "Kubernetes/Pod/not-ready.yaml", "Pod/httpbin/postgresql-01902bbe-eb40-47d4-a0f7-0afb993645dc-0", "is:unhealthy", Progressing,
			"Running but not Ready with no events or container reason in the capture: nothing shows it is stuck rather than starting"},
		{ih + "Kubernetes/Pod/oomkilled-old.yaml", "Pod/mission-control/oomkilled-pod", "is:healthy", Converged, ""},
		{ih + "Kubernetes/Pod/oomkilled-unhealthy.yaml", "Pod/mission-control/oomkilled-pod", "is:unhealthy", Progressing,
			"its OOMKilled restart times are '@now' placeholders (dropped as bad input), so the capture cannot show a loop; the pod is Running, not Ready"},
		{ih + "Kubernetes/Pod/oomkilled-warning.yaml", "Pod/mission-control/oomkilled-pod", "is:warning", Converged,
			"an OOMKilled last termination is history; the pod is Running and Ready now (shown in the started stage)"},
		{ih + "Kubernetes/Pod/pod-crashloop-pending.yaml", "Pod/default/crashloop-deployment-6bf9b7b858-m9882", "is:unhealthy", Failed, ""},
		{ih + "Kubernetes/Pod/pod-imagepullbackoff.yaml", "Pod/default/guestbook-ui-errimagepullbackoff-66cfffb669-45w2j", "is:unhealthy", Failed, ""},
		{ih + "Kubernetes/Pod/pod-never-ready.yaml", "Pod/default/slow-start-pod", "is:unhealthy", Progressing,
			"Running but not Ready with no events in the capture: nothing shows it is stuck rather than slow to start"},
		{ih + "Kubernetes/Pod/pod-old-restarts.yaml", "Pod/cert-manager/cert-manager-webhook-6fb57c4ff5-v5nm6", "is:healthy", Converged, ""},
		{ih + "Kubernetes/Pod/pod-pending.yaml", "Pod/argocd/image-pull-backoff", "is:unhealthy", Progressing,
			"Pending with PodInitializing and no waiting reason that cannot clear; is-healthy judges by age against a placeholder clock"},
		{ih + "Kubernetes/Pod/pod-succeeded.yaml", "Pod/argocd/my-pod", "is:healthy", Converged, ""},
		{ih + "Kubernetes/Pod/pod-terminating.yaml", "Pod/default/test-pod", "is:unknown", Failed,
			"its deletionTimestamp is a '@now' placeholder, dropped as bad input, so rift sees a running pod whose container exited with an error"},
		{ih + "Kubernetes/Pod/restarting.yaml", "Pod/httpbin/postgresql-01902bbe-eb40-47d4-a0f7-0afb993645dc-0", "is:healthy", Converged, ""},
		{ih + "Kubernetes/Pod/terminating-stuck.yaml", "Pod/management/alert-manager-qzc65", "is:warning", Progressing, ""},
		{ih + "Kubernetes/Pod/unhealthy-restarting.yaml", "Pod/flux-182432/test-unhealthy-69688db7d5-lhxn5", "is:unhealthy", Failed, ""},
		{ih + "Kubernetes/ReplicaSet/failed-create.yaml", "ReplicaSet/platform-system/karina-c7585bd87", "is:unhealthy", Failed, ""},
		{ih + "Kubernetes/ReplicaSet/unhealthy.yaml", "ReplicaSet/default/failing-deployment-866585899d", "is:unhealthy", Progressing,
			"only the ReplicaSet was captured: 0 of 1 ready, and without its pod the CrashLoopBackOff is not in the bundle"},
		{ih + "Kubernetes/StatefulSet/statefulset.yaml", "StatefulSet/default/redis-master", "is:healthy", Converged, ""},
		{ih + "Kubernetes/StatefulSet/statefulset-ondelete.yaml", "StatefulSet/default/redis-master", "is:warning", Converged,
			"is-healthy reads a '@now-1d' deletionTimestamp (terminating for a day); that placeholder is not a time and is dropped as bad input"},
		{ih + "argo-application-healthy.yaml", "Application/argo/sock-shop", "is:healthy", Converged, ""},
		{ih + "argo-application-missing.yaml", "Application/argocd/health", "is:unknown", Failed,
			"health Missing after a Succeeded automated sync: the declared resources are absent from the cluster, which is a failure, not an unknown"},
		{ih + "daemonset-ondelete.yaml", "DaemonSet/kube-system/fluentd-elasticsearch", "is:healthy", Converged, ""},
		{ih + "flux-gitrepository-healthy.yaml", "GitRepository/default/canaries", "is:healthy", Converged, ""},
		{ih + "flux-gitrepository-unhealthy.yaml", "GitRepository/mission-control/bad-git", "is:unhealthy", Failed, ""},
		{ih + "flux-helmrelease-healthy.yaml", "HelmRelease/org-99ufqu0vnxbp/org-99ufqu0vnxbp", "is:healthy", Converged, ""},
		{ih + "flux-helmrelease-unhealthy.yaml", "HelmRelease/netflix/netflix-mission-control-tenant", "is:unhealthy", Failed, ""},
		{ih + "flux-helmrelease-upgradefailed.yaml", "HelmRelease/netflix/netflix-mission-control-tenant", "is:unhealthy", Failed, ""},
		{ih + "flux-helmrepository-healthy.yaml", "HelmRepository/mission-control/mission-control", "is:healthy", Converged, ""},
		{ih + "flux-helmrepository-unhealthy.yaml", "HelmRepository/mission-control/bad-helm-repo", "is:unhealthy", Failed, ""},
		{ih + "flux-kustomization-failed.yaml", "Kustomization/default/canaries", "is:unhealthy", Failed, ""},
		{ih + "flux-kustomization-healthy.yaml", "Kustomization/flux-system/saas-prod", "is:healthy", Converged, ""},
		{ih + "flux-kustomization-unhealthy.yaml", "Kustomization/flux-system/sass-dev", "is:unknown", Progressing, ""},
		{ih + "kustomization-reconciliation-failed.yaml", "Kustomization/flux-system/cronjobs", "is:unhealthy", Failed, ""},
		{af + "helm.toolkit.fluxcd.io/HelmRelease/testdata/degraded.yaml", "HelmRelease/default/podinfo", "argo:Degraded", Failed, ""},
		{af + "helm.toolkit.fluxcd.io/HelmRelease/testdata/healthy.yaml", "HelmRelease/default/podinfo", "argo:Healthy", Converged, ""},
		{af + "helm.toolkit.fluxcd.io/HelmRelease/testdata/progressing.yaml", "HelmRelease/default/podinfo", "argo:Progressing", Progressing, ""},
		{af + "kustomize.toolkit.fluxcd.io/Kustomization/testdata/degraded.yaml", "Kustomization/default/podinfo", "argo:Degraded", Failed, ""},
		{af + "kustomize.toolkit.fluxcd.io/Kustomization/testdata/healthy.yaml", "Kustomization/default/podinfo", "argo:Healthy", Converged, ""},
		{af + "kustomize.toolkit.fluxcd.io/Kustomization/testdata/progressing.yaml", "Kustomization/default/podinfo", "argo:Progressing", Progressing, ""},
		{af + "source.toolkit.fluxcd.io/GitRepository/testdata/degraded.yaml", "GitRepository/default/podinfo", "argo:Degraded", Failed, ""},
		{af + "source.toolkit.fluxcd.io/GitRepository/testdata/healthy.yaml", "GitRepository/default/podinfo", "argo:Healthy", Converged, ""},
		{af + "source.toolkit.fluxcd.io/GitRepository/testdata/progressing.yaml", "GitRepository/default/podinfo", "argo:Progressing", Progressing, ""},
		{af + "source.toolkit.fluxcd.io/HelmRepository/testdata/degraded.yaml", "HelmRepository/default/podinfo", "argo:Degraded", Failed, ""},
		{af + "source.toolkit.fluxcd.io/HelmRepository/testdata/healthy.yaml", "HelmRepository/default/podinfo", "argo:Healthy", Converged, ""},
		{af + "source.toolkit.fluxcd.io/HelmRepository/testdata/oci.yaml", "HelmRepository/default/podinfo", "argo:Healthy", Converged, ""},
		{af + "source.toolkit.fluxcd.io/HelmRepository/testdata/progressing.yaml", "HelmRepository/default/podinfo", "argo:Progressing", Progressing, ""},
		{af + "source.toolkit.fluxcd.io/OCIRepository/testdata/degraded.yaml", "OCIRepository/default/podinfo", "argo:Degraded", Failed, ""},
		{af + "source.toolkit.fluxcd.io/OCIRepository/testdata/healthy.yaml", "OCIRepository/default/podinfo", "argo:Healthy", Converged, ""},
		{af + "source.toolkit.fluxcd.io/OCIRepository/testdata/progressing.yaml", "OCIRepository/default/podinfo", "argo:Progressing", Progressing, ""},
		{ih + "kustomization-reconciliation-failed-2.yaml", "Kustomization/flux-system/mission-control-agent", "is:unhealthy", Failed, ""},
	}
	disagree := 0
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpusRoot, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			// Placeholder times ("@now-5m") come back as load errors, and
			// the object is still analysed.
			objs, _ := bundle.DecodeDocuments(filepath.Base(tc.file), data)
			w := findWorkload(t, Build(bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)), tc.workload)
			if w.Convergence != tc.want {
				t.Errorf("convergence = %s (%s), want %s", w.Convergence, w.ConvergenceReason, tc.want)
			}
			ok := false
			for _, v := range agrees[tc.truth] {
				ok = ok || v == tc.want
			}
			switch {
			case !ok && tc.note == "":
				t.Errorf("%s disagrees with ground truth %s and the table gives no reason", tc.want, tc.truth)
			case ok && tc.note != "":
				t.Errorf("%s agrees with %s: drop the note", tc.want, tc.truth)
			case !ok:
				disagree++
			}
		})
	}
	t.Logf("%d captures, %d documented disagreements", len(tests), disagree)
}
