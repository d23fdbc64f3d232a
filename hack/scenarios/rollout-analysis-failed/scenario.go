// Package rolloutanalysisfailed reproduces a canary that Argo Rollouts
// aborted: Flux applies checkout 5.2.0 as an Argo Rollout whose canary
// step runs the success-rate analysis; the AnalysisRun measures 0.81,
// 0.78 and 0.74 against ">= 0.95", fails past its failureLimit, and the
// controller aborts the update and scales the canary back to the stable
// 5.1.3. Flux shows the revision applied and Ready: the failure is the
// Rollout's own, reported by its controller, and nothing else in the
// bundle is wrong. The Argo Rollouts controller is not run; its status
// writes are recorded as it makes them (analysis and rollout status,
// events), over the real API server.
package rolloutanalysisfailed

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "shop"
	gitPath = "apps/checkout"
	stable  = "5.1.3"
	canary  = "5.2.0"
	// The pod-template hashes of the two revisions, as the controller
	// names their ReplicaSets.
	stableHash = "7c9d6b5f4d"
	canaryHash = "5f8b7d9c6b"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "checkout", URL: "https://git.example.com/shop/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

var rolloutCRDs = []scenarios.CRD{
	{Group: "argoproj.io", Version: "v1alpha1", Kind: "Rollout", Plural: "rollouts"},
	{Group: "argoproj.io", Version: "v1alpha1", Kind: "AnalysisRun", Plural: "analysisruns"},
	{Group: "argoproj.io", Version: "v1alpha1", Kind: "AnalysisTemplate", Plural: "analysistemplates"},
}

// Scenario returns the recorder entry for fixtures/rollout-analysis-failed.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "rollout-analysis-failed",
		Question:   "checkout 5.2.0 is merged and Flux is Ready: why does checkout still serve 5.1.3?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func commit(ctx context.Context, e *scenarios.Env, tag, msg string) (string, error) {
	data, err := desired.ReadFile("desired/checkout.yaml")
	if err != nil {
		return "", err
	}
	return e.Git.Commit(ctx, msg, time.Now(), map[string][]byte{
		gitPath + "/checkout.yaml": []byte(strings.ReplaceAll(string(data), "IMAGE_TAG", tag)),
	})
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := e.InstallCRDs(ctx, rolloutCRDs); err != nil {
		return err
	}
	sha, err := commit(ctx, e, stable, "checkout: "+stable)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := rolloutStatus(ctx, e, healthy(1)); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	if sha, err = commit(ctx, e, canary, "checkout: "+canary+" (new pricing client)"); err != nil {
		return err
	}
	synced := time.Now()
	if err := e.Reconcile(ctx, flux, sha, synced); err != nil {
		return err
	}
	return abort(ctx, e, synced)
}

// healthy is the status the controller writes once every replica runs the
// stable revision.
func healthy(gen int64) map[string]any {
	return map[string]any{
		"observedGeneration": fmt.Sprint(gen), "phase": "Healthy",
		"replicas": int64(4), "updatedReplicas": int64(4), "readyReplicas": int64(4), "availableReplicas": int64(4),
		"currentPodHash": stableHash, "stableRS": stableHash, "currentStepIndex": int64(3),
		"canary": map[string]any{},
		"conditions": []any{
			cond("Available", "True", "AvailableReason", "Rollout has minimum availability"),
			cond("Progressing", "True", "NewReplicaSetAvailable", `ReplicaSet "checkout-`+stableHash+`" has successfully progressed.`),
			cond("Healthy", "True", "RolloutHealthy", "Rollout is healthy"),
		},
	}
}

func cond(t, s, reason, msg string) map[string]any {
	at := time.Now().UTC().Format(time.RFC3339)
	return map[string]any{"type": t, "status": s, "reason": reason, "message": msg, "lastTransitionTime": at, "lastUpdateTime": at}
}

func rolloutStatus(ctx context.Context, e *scenarios.Env, status map[string]any) error {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Rollout",
		"metadata": map[string]any{"name": "checkout", "namespace": ns},
		"status":   status,
	}}
	return e.ApplyStatus(ctx, u, "argo-rollouts")
}

// abort records what the controller does with 5.2.0: it starts the canary
// at 25%, runs the analysis, which fails, and aborts the update.
func abort(ctx context.Context, e *scenarios.Env, synced time.Time) error {
	ro, err := e.Dynamic.Resource(schema.GroupVersionResource{Group: "argoproj.io", Version: "v1alpha1", Resource: "rollouts"}).
		Namespace(ns).Get(ctx, "checkout", metav1.GetOptions{})
	if err != nil {
		return err
	}
	runName := "checkout-" + canaryHash + "-2-1"
	run := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "argoproj.io/v1alpha1", "kind": "AnalysisRun",
		"metadata": map[string]any{
			"name": runName, "namespace": ns,
			"labels": map[string]any{"rollout-type": "Step", "rollouts-pod-template-hash": canaryHash, "step-index": "1"},
			"ownerReferences": []any{map[string]any{
				"apiVersion": "argoproj.io/v1alpha1", "kind": "Rollout", "name": "checkout",
				"uid": string(ro.GetUID()), "controller": true, "blockOwnerDeletion": true,
			}},
		},
		"spec": map[string]any{"metrics": []any{map[string]any{
			"name": "success-rate", "interval": "1m", "count": int64(3), "failureLimit": int64(2),
			"successCondition": "result[0] >= 0.95",
			"provider":         map[string]any{"prometheus": map[string]any{"address": "http://prometheus.monitoring:9090", "query": `sum(rate(http_requests_total{app="checkout",code!~"5.."}[2m])) / sum(rate(http_requests_total{app="checkout"}[2m]))`}},
		}}},
	}}
	ri := e.Dynamic.Resource(schema.GroupVersionResource{Group: "argoproj.io", Version: "v1alpha1", Resource: "analysisruns"}).Namespace(ns)
	if _, err := ri.Create(ctx, run, metav1.CreateOptions{FieldManager: "argo-rollouts"}); err != nil {
		return fmt.Errorf("AnalysisRun/%s/%s: %w", ns, runName, err)
	}
	started := synced.Add(3 * time.Second)
	var measurements []any
	for i, v := range []string{"[0.81]", "[0.78]", "[0.74]"} {
		at := started.Add(time.Duration(i) * time.Minute).UTC().Format(time.RFC3339)
		measurements = append(measurements, map[string]any{"phase": "Failed", "value": v, "startedAt": at, "finishedAt": at})
	}
	failMsg := `Metric "success-rate" assessed Failed due to failed (3) > failureLimit (2)`
	runStatus := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "argoproj.io/v1alpha1", "kind": "AnalysisRun",
		"metadata": map[string]any{"name": runName, "namespace": ns},
		"status": map[string]any{
			"phase": "Failed", "message": failMsg, "startedAt": started.UTC().Format(time.RFC3339),
			"metricResults": []any{map[string]any{
				"name": "success-rate", "phase": "Failed", "count": int64(3), "failed": int64(3),
				"message": failMsg, "measurements": measurements,
			}},
		},
	}}
	if err := e.ApplyStatus(ctx, runStatus, "argo-rollouts"); err != nil {
		return err
	}
	aborted := "Rollout aborted update to revision 2: " + failMsg
	st := healthy(2)
	st["phase"], st["message"], st["abort"] = "Degraded", "RolloutAborted: "+aborted, true
	st["currentPodHash"], st["updatedReplicas"] = canaryHash, int64(0)
	st["canary"] = map[string]any{"currentStepAnalysisRunStatus": map[string]any{"name": runName, "status": "Failed", "message": failMsg}}
	st["conditions"] = []any{
		cond("Available", "True", "AvailableReason", "Rollout has minimum availability"),
		cond("Progressing", "False", "RolloutAborted", aborted),
		cond("Healthy", "False", "RolloutHealthy", "Rollout is not healthy"),
	}
	if err := rolloutStatus(ctx, e, st); err != nil {
		return err
	}
	ref := scenarios.ObjectRef{APIVersion: "argoproj.io/v1alpha1", Kind: "Rollout", Namespace: ns, Name: "checkout"}
	for _, ev := range []struct {
		typ, reason, msg string
		at               time.Time
	}{
		{corev1.EventTypeNormal, "RolloutUpdated", "Rollout updated to revision 2", synced.Add(time.Second)},
		{corev1.EventTypeNormal, "SetStepIndex", "Set Step Index to 1", synced.Add(2 * time.Second)},
		{corev1.EventTypeNormal, "AnalysisRunRunning", "Step Analysis Run '" + runName + "' Status New: 'Running' Previous: ''", started},
		{corev1.EventTypeWarning, "AnalysisRunFailed", "Step Analysis Run '" + runName + "' Status New: 'Failed' Previous: 'Running'", started.Add(2 * time.Minute)},
		{corev1.EventTypeWarning, "RolloutAborted", aborted, started.Add(2*time.Minute + time.Second)},
	} {
		if err := e.ControllerEvent(ctx, ref, "rollouts-controller", ev.typ, ev.reason, ev.msg, 1, ev.at, ev.at); err != nil {
			return err
		}
	}
	return nil
}

// check asserts the Rollout reports the abort and its AnalysisRun failed.
func check(ctx context.Context, e *scenarios.Env) error {
	ro, err := e.Dynamic.Resource(schema.GroupVersionResource{Group: "argoproj.io", Version: "v1alpha1", Resource: "rollouts"}).
		Namespace(ns).Get(ctx, "checkout", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if p, _, _ := unstructured.NestedString(ro.Object, "status", "phase"); p != "Degraded" {
		return fmt.Errorf("Rollout/%s/checkout: phase %q, want Degraded", ns, p)
	}
	return nil
}
