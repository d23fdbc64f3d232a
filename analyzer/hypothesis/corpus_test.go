package hypothesis

import (
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// corpus is the shared, read-only real test data (see its SOURCES.md).
const corpus = "../../testdata/corpus"

// analyze runs the whole pipeline the report uses on one bundle path.
func analyze(t *testing.T, path string) *Ledger {
	t.Helper()
	b, err := bundle.Load(path, bundle.LoadOptions{})
	if err != nil {
		t.Fatalf("load %s: %v", path, err)
	}
	ws := layers.Build(b)
	return evaluate(t, builtinEngine(t), Input{Bundle: b, Workloads: ws, Timeline: timeline.Build(b, ws)})
}

// TestRealControllerStates runs the rules on objects captured from real
// Flux, Helm and cert-manager controllers and checks the cause named at
// rank 1 (or that nothing is supported).
func TestRealControllerStates(t *testing.T) {
	tests := []struct {
		file, wantTop, wantStatus string
	}{
		{"argo-cd-flux-health/resource_customizations/kustomize.toolkit.fluxcd.io/Kustomization/testdata/degraded.yaml", "source-unavailable:Kustomization/default/podinfo", Supported},
		{"argo-cd-flux-health/resource_customizations/helm.toolkit.fluxcd.io/HelmRelease/testdata/degraded.yaml", "apply-rejected:HelmRelease/default/podinfo", Supported},
		{"argo-cd-flux-health/resource_customizations/source.toolkit.fluxcd.io/HelmRepository/testdata/degraded.yaml", "source-unavailable:HelmRepository/default/podinfo", Supported},
		{"is-healthy/pkg/health/testdata/flux-gitrepository-unhealthy.yaml", "dns-resolution-failed:Host/github.wrong.com", Supported},
		{"is-healthy/pkg/health/testdata/kustomization-reconciliation-failed.yaml", "apply-rejected:Kustomization/flux-system/cronjobs", Supported},
		{"is-healthy/pkg/health/testdata/flux-helmrelease-upgradefailed.yaml", "render-failed:HelmRelease/netflix/netflix-mission-control-tenant", Supported},
		{"is-healthy/pkg/health/testdata/Kubernetes/HelmRelease/flux-helmrelease-install-failed.yaml", "render-failed:HelmRelease/mission-control/mission-control-helm", Supported},
		{"is-healthy/pkg/health/testdata/flux-kustomization-unhealthy.yaml", "reconcile-stale:Kustomization/flux-system/sass-dev", Open},
		{"is-healthy/pkg/health/testdata/certificate-expired.yaml", "certificate-not-ready:Certificate/nginx-ingress/expired-homelab-cert", Supported},
		{"troubleshoot/pkg/analyze/files/pods/message-image-pull-fail.json", "image-pull-failed:Pod/message-image-pull-fail/no-image-deployment-849c4c4958-rxqmt", Supported},
		{"troubleshoot/pkg/analyze/files/pods/message-oomkill-pod.json", "oom-killed:Pod/message-oomkill-pod/oom-kill-job3-gbb89", Supported},
		{"troubleshoot/pkg/analyze/files/pods/message-pending-node-affinity.json", "unschedulable:ReplicaSet/message-pending-node-affinity/kotsadm-b6cb54c8f", Supported},
		{"troubleshoot/pkg/analyze/files/pods/message-pending-pod-resources.json", "unschedulable:ReplicaSet/message-pending-pod-resources/pending-pod-resources-5fddcf7688", Supported},
		{"troubleshoot/pkg/analyze/files/pods/message-pod-crashloop-backoff.json", "crash-loop:Pod/message-pod-crashloop-backoff/init-demo", Supported},
		{"troubleshoot/pkg/analyze/files/pods/message-pod-init-crashloop-backoff.json", "crash-loop:Pod/message-pod-init-crashloop-backoff/init-demo2", Supported},
		{"argo-cd-flux-health/resource_customizations/kustomize.toolkit.fluxcd.io/Kustomization/testdata/healthy.yaml", "", ""},
		{"is-healthy/pkg/health/testdata/Kubernetes/CertManager/certificate-healthy.yaml", "", ""},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(filepath.Dir(filepath.Dir(tt.file)))+"/"+filepath.Base(tt.file), func(t *testing.T) {
			l := analyze(t, filepath.Join(corpus, tt.file))
			if tt.wantTop == "" {
				if len(l.Hypotheses) != 0 {
					t.Errorf("healthy object: got %v", ids(l))
				}
				return
			}
			if len(l.Hypotheses) == 0 || l.Hypotheses[0].ID != tt.wantTop || l.Hypotheses[0].Status != tt.wantStatus {
				t.Errorf("ledger %v, want rank 1 %s %s", ids(l), tt.wantTop, tt.wantStatus)
			}
		})
	}
}

// TestFalsePositiveControls: the CI-made k3s bundle and the OpenShift
// must-gather both ended healthy (the must-gather keeps install-time
// FailedMount and connection-refused history); whatever remains must be
// open or contradicted, never supported.
func TestFalsePositiveControls(t *testing.T) {
	for _, file := range []string{
		"troubleshoot/test/baselines/supportbundle/baseline.tar.gz",
		"must-gather-clean/test/files/must-gather-metal.tar.xz",
	} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			l := analyze(t, filepath.Join(corpus, file))
			if l.Summary.Verdict != VerdictHealthy {
				t.Errorf("verdict %s, want healthy; ledger %v", l.Summary.Verdict, ids(l))
			}
			for _, h := range l.Hypotheses {
				if h.Status == Supported {
					t.Errorf("supported hypothesis on a healthy bundle: %s: %s", h.ID, h.Summary)
				}
			}
			if len(l.RuleErrors) > 0 {
				t.Errorf("rule errors: %v", l.RuleErrors)
			}
		})
	}
}
