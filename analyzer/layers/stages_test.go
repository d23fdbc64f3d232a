package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestStageFailures(t *testing.T) {
	tests := []struct {
		name, source, workload, stage string
	}{
		{"accepted: apply refused by a webhook", "testdata/apply-denied-by-webhook", "Deployment/shop/web", StageAccepted},
		{"actedOn: ReplicaFailure FailedCreate", "testdata/stages/replicaset-failed-create.yaml", "ReplicaSet/jobs/batch", StageActedOn},
		{"actedOn: blocked with no pod on the current template", "testdata/kafka-stale-probe", "StatefulSet/kafka/kafka", StageActedOn},
		{"scheduled: Unschedulable", "testdata/convergence/pod-unschedulable.yaml", "Pod/ml/trainer", StageScheduled},
		{"pulled: ImagePullBackOff", "testdata/stages/image-pull-backoff.yaml", "Pod/shop/app", StagePulled},
		{"started: CrashLoopBackOff", "testdata/convergence/pod-crashloop.yaml", "Pod/shop/worker", StageStarted},
		{"started: CreateContainerConfigError", "testdata/stages/crashloop-with-missing-secret-key.yaml", "Pod/shop/api", StageStarted},
		{"ready: Unhealthy events", "testdata/kafka-stale-probe", "StatefulSet/kafka/kafka", StageReady},
		{"routed: ready pod not in EndpointSlice", "testdata/stages/ready-pod-missing-from-endpoints.yaml", "Pod/web/echo", StageRouted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := findWorkload(t, buildSource(t, tc.source), tc.workload)
			if st := stageOf(w, tc.stage); st.Status != StatusFailed {
				t.Errorf("stage %s = %s, want failed; evidence %+v", tc.stage, st.Status, st.Evidence)
			}
			if len(w.Stages) != len(StageOrder) {
				t.Errorf("got %d stages, want %d", len(w.Stages), len(StageOrder))
			}
		})
	}
}

func buildSource(t *testing.T, src string) []Workload {
	t.Helper()
	if len(src) > 5 && src[len(src)-5:] == ".yaml" {
		return loadYAMLFile(t, src)
	}
	return Build(loadFixture(t, src))
}

func TestMissingSecretKeyIsADependencyFailure(t *testing.T) {
	w := findWorkload(t, loadYAMLFile(t, "testdata/stages/crashloop-with-missing-secret-key.yaml"), "Pod/shop/api")
	l := layerOf(w, LayerDependencies)
	if l.Status != StatusFailed {
		t.Fatalf("dependencies = %s, want failed: %+v", l.Status, l.Evidence)
	}
	for _, e := range l.Evidence {
		if contains(e.Message, "YWRtaW4") || contains(e.Message, "admin") {
			t.Fatalf("secret value in evidence: %q", e.Message)
		}
	}
}

func TestApplyDeniedDivergences(t *testing.T) {
	w := findWorkload(t, Build(loadFixture(t, "testdata/apply-denied-by-webhook")), "Deployment/shop/web")
	want := []flatDivergence{
		{Between: [2]string{LayerRendered, LayerApplied}, Object: "Deployment/shop/web", Path: "spec.replicas", Expected: `2`, Observed: `4`, Owner: "kube-controller-manager"},
		{Between: [2]string{LayerRendered, LayerApplied}, Object: "Deployment/shop/web", Path: "spec.template.spec.containers[name=web].image", Expected: `"ghcr.io/example/web:1.5.0"`, Observed: `"ghcr.io/example/web:1.4.2"`},
		{Between: [2]string{LayerRendered, LayerApplied}, Object: "Deployment/shop/web", Path: "spec.template.spec.containers[name=web].securityContext", Expected: `{"privileged":true}`, Observed: `null`},
	}
	if d := cmp.Diff(want, flatten(w.Divergences)); d != "" {
		t.Errorf("divergences (-want +got):\n%s", d)
	}
	// The Deployment controller converged, but on a spec Git no longer
	// declares, and the reconciler cannot apply the new one.
	if w.Convergence != Blocked || !contains(w.ConvergenceReason, "denied the request") {
		t.Errorf("convergence = %s (%s), want blocked by the refused apply", w.Convergence, w.ConvergenceReason)
	}
	k := findWorkload(t, Build(loadFixture(t, "testdata/apply-denied-by-webhook")), "Kustomization/flux-system/shop")
	if l := layerOf(k, LayerRendered); l.Status != StatusOK || l.Revision != "c0ffee0000000000000000000000000000000001" {
		t.Errorf("Kustomization rendered layer = %s at %q", l.Status, l.Revision)
	}
	if g := layerOf(w, LayerGitOps); g.Status != StatusFailed {
		t.Errorf("gitops layer = %s, want failed", g.Status)
	}
	if a := layerOf(w, LayerApplied); a.Status != StatusFailed {
		t.Errorf("applied layer = %s, want failed", a.Status)
	}
}

func TestExternalSecretBehindMissingSecret(t *testing.T) {
	ws := loadYAMLFile(t, "testdata/stages/secret-from-failing-externalsecret.yaml")
	l := layerOf(findWorkload(t, ws, "Pod/shop/api"), LayerDependencies)
	if l.Status != StatusFailed {
		t.Fatalf("dependencies = %s, want failed: %+v", l.Status, l.Evidence)
	}
	found := false
	for _, e := range l.Evidence {
		found = found || (e.Object != nil && e.Object.Kind == "ExternalSecret" && contains(e.Message, "SecretSyncedError"))
	}
	if !found {
		t.Errorf("no ExternalSecret evidence: %+v", l.Evidence)
	}
}

// rift's collector writes Secrets as metadata only by default: a key it
// could not see is unknown, not missing.
func TestMetadataOnlySecretKeyIsUnknown(t *testing.T) {
	ws := Build(fromYAML(t, `
apiVersion: v1
kind: Pod
metadata: {name: api, namespace: shop}
spec:
  nodeName: n1
  containers:
  - name: api
    image: api:1
    env:
    - name: DB_PASSWORD
      valueFrom: {secretKeyRef: {name: db, key: password}}
status: {phase: Running, conditions: [{type: Ready, status: "True"}]}
---
apiVersion: v1
kind: Secret
metadata: {name: db, namespace: shop}
type: Opaque
`))
	if l := layerOf(findWorkload(t, ws, "Pod/shop/api"), LayerDependencies); l.Status != StatusUnknown {
		t.Errorf("dependencies = %s, want unknown: %+v", l.Status, l.Evidence)
	}
}
