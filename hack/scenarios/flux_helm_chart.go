package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// HelmChartFailed is what source-controller and helm-controller write when
// the chart version a HelmRelease asks for cannot be fetched: the
// HelmChart, at the new version, Ready=False with reason and message and
// the artifact it had (kept), then the HelmRelease Ready=False
// ArtifactFailed ("HelmChart 'ns/name' is not ready: <message>") with its
// event. The release itself is not touched.
func (e *Env) HelmChartFailed(ctx context.Context, h HelmSync, version, kept, reason, message string, at time.Time) error {
	ts := at.UTC().Format(time.RFC3339)
	chartName := h.Namespace + "-" + h.Name
	chart := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "HelmChart",
		"metadata": map[string]any{"name": chartName, "namespace": h.RepoNamespace},
		"spec": map[string]any{
			"chart": h.Chart, "version": version, "interval": "5m",
			"sourceRef": map[string]any{"kind": "HelmRepository", "name": h.Repo},
		},
	}}
	applied, err := e.ApplyObject(ctx, chart, "helm-controller")
	if err != nil {
		return err
	}
	gen := applied.GetGeneration()
	chartStatus := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "HelmChart",
		"metadata": map[string]any{"name": chartName, "namespace": h.RepoNamespace},
		"status": map[string]any{
			"observedGeneration": gen, "observedChartName": h.Chart,
			"artifact": map[string]any{"revision": kept, "lastUpdateTime": ts},
			"conditions": []any{
				condition("Ready", "False", reason, message, ts, gen),
				condition("FetchFailed", "True", reason, message, ts, gen),
			},
		},
	}}
	if err := e.keepTransitions(ctx, chartStatus); err != nil {
		return err
	}
	if err := e.ApplyStatus(ctx, chartStatus, "source-controller"); err != nil {
		return err
	}
	if err := e.FluxEvent(ctx, applied, "source-controller", corev1.EventTypeWarning, reason, message, "", at); err != nil {
		return err
	}
	hr, err := e.getObject(ctx, "helm.toolkit.fluxcd.io", "v2", "HelmRelease", h.Namespace, h.Name)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("HelmChart '%s/%s' is not ready: %s", h.RepoNamespace, chartName, message)
	// helm-controller rewrites Ready and keeps the rest of the status (the
	// release history, Released): the status is applied whole, as it
	// owns all of it.
	st, _, _ := unstructured.NestedMap(hr.Object, "status")
	if st == nil {
		st = map[string]any{}
	}
	conds, _, _ := unstructured.NestedSlice(hr.Object, "status", "conditions")
	next := []any{condition("Ready", "False", "ArtifactFailed", msg, ts, hr.GetGeneration())}
	for _, c := range conds {
		if m, ok := c.(map[string]any); ok && m["type"] != "Ready" {
			next = append(next, m)
		}
	}
	st["conditions"], st["observedGeneration"] = next, hr.GetGeneration()
	hrStatus := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease",
		"metadata": map[string]any{"name": h.Name, "namespace": h.Namespace},
		"status":   st,
	}}
	if err := e.keepTransitions(ctx, hrStatus); err != nil {
		return err
	}
	if err := e.ApplyStatus(ctx, hrStatus, "helm-controller"); err != nil {
		return err
	}
	return e.FluxEvent(ctx, hr, "helm-controller", corev1.EventTypeWarning, "ArtifactFailed", msg, "", at)
}

// HelmInstall is the usual start of a Helm scenario once its nodes exist:
// the namespaces, Flux's and Helm's CRDs, files (the HelmRelease and its
// HelmRepository) shipped with message, the chart at version made ready
// and installed from manifests as revision 1, its Deployment (named as
// the release) waited for with available replicas, and the release
// recorded. It returns the release history, for the next HelmRecord.
func (e *Env) HelmInstall(ctx context.Context, f FluxSync, h HelmSync, message string, files map[string][]byte, version string, manifests []byte, available int32) ([]any, error) {
	if err := e.Namespaces(ctx, h.Namespace, f.Namespace); err != nil {
		return nil, err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return nil, err
	}
	if err := e.InstallHelmCRDs(ctx); err != nil {
		return nil, err
	}
	if _, err := e.Ship(ctx, f, message, files); err != nil {
		return nil, err
	}
	if err := e.HelmRepositoryReady(ctx, h, version, time.Now()); err != nil {
		return nil, err
	}
	install := HelmRelease{Version: version, Manifests: manifests, Revision: 1, Started: time.Now()}
	if err := e.HelmApply(ctx, h, install); err != nil {
		return nil, err
	}
	if err := e.WaitDeployment(ctx, h.Namespace, h.Name, Available(available)); err != nil {
		return nil, err
	}
	install.Ended = time.Now()
	return e.HelmRecord(ctx, h, install, nil)
}
