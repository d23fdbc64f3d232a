package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// HelmSync is a HelmRelease, the HelmRepository its chart comes from, and
// the chart's name, for the helm-controller emulation. The HelmRelease
// and HelmRepository objects themselves are applied from Git (Reconcile);
// these calls do what source-controller and helm-controller then do.
type HelmSync struct {
	Namespace, Name string // the HelmRelease (and the Helm release)
	Chart           string
	RepoNamespace   string // the HelmRepository's
	Repo            string
}

// HelmRelease is one release of the chart at Version: the manifests Helm
// rendered and the times helm-controller started and ended it
// (HelmApply, HelmRecord).
type HelmRelease struct {
	Version   string
	Manifests []byte
	// Revision is the Helm release's revision (1 for the install).
	Revision int64
	// Started is when helm-controller began; Ended when it recorded the
	// outcome (for a failed upgrade: Started plus spec.timeout).
	Started, Ended time.Time
	// Err is the upgrade's error, empty for a success.
	Err string
}

// HelmRepositoryReady writes the HelmRepository's and the HelmChart's
// Ready status as source-controller does once it fetched the index and
// the chart version.
func (e *Env) HelmRepositoryReady(ctx context.Context, h HelmSync, version string, at time.Time) error {
	ts := at.UTC().Format(time.RFC3339)
	repo := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "HelmRepository",
		"metadata": map[string]any{"name": h.Repo, "namespace": h.RepoNamespace},
		"status": map[string]any{
			"observedGeneration": int64(1),
			"artifact":           map[string]any{"revision": "sha256:" + fmt.Sprintf("%064x", at.Unix()), "lastUpdateTime": ts},
			"conditions":         []any{condition("Ready", "True", "Succeeded", "stored artifact: revision 'sha256:"+fmt.Sprintf("%064x", at.Unix())+"'", ts, 1)},
		},
	}}
	chartName := h.Namespace + "-" + h.Name
	chart := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "HelmChart",
		"metadata": map[string]any{"name": chartName, "namespace": h.RepoNamespace},
		"spec": map[string]any{
			"chart": h.Chart, "version": version, "interval": "5m",
			"sourceRef": map[string]any{"kind": "HelmRepository", "name": h.Repo},
		},
	}}
	if _, err := e.ApplyObject(ctx, chart, "helm-controller"); err != nil {
		return err
	}
	chartStatus := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "HelmChart",
		"metadata": map[string]any{"name": chartName, "namespace": h.RepoNamespace},
		"status": map[string]any{
			"observedGeneration": int64(1), "observedChartName": h.Chart,
			"artifact":   map[string]any{"revision": version, "lastUpdateTime": ts},
			"conditions": []any{condition("Ready", "True", "ChartPullSucceeded", "pulled '"+h.Chart+"' chart with version '"+version+"'", ts, 1)},
		},
	}}
	for _, u := range []*unstructured.Unstructured{repo, chartStatus} {
		if err := e.keepTransitions(ctx, u); err != nil {
			return err
		}
		if err := e.ApplyStatus(ctx, u, "source-controller"); err != nil {
			return err
		}
	}
	return nil
}

// HelmApply is the first half of what helm-controller does for one
// release: it applies the rendered manifests with Helm's ownership labels
// (field manager helm-controller). HelmRecord is the second, once Helm's
// --wait has succeeded or run out.
func (e *Env) HelmApply(ctx context.Context, h HelmSync, r HelmRelease) error {
	labels := map[string]string{
		"app.kubernetes.io/managed-by": "Helm",
		"helm.toolkit.fluxcd.io/name":  h.Name, "helm.toolkit.fluxcd.io/namespace": h.Namespace,
	}
	if _, err := e.Apply(ctx, r.Manifests, ApplyOptions{FieldManager: "helm-controller", Labels: labels, Namespace: h.Namespace}); err != nil {
		return fmt.Errorf("HelmRelease/%s/%s: %w", h.Namespace, h.Name, err)
	}
	return nil
}

// HelmRecord stores the release Secret (its payload left out: the
// collector keeps a Secret's keys only) and records the outcome in the
// HelmRelease's status (Ready and Released, history newest first,
// lastAttemptedRevision) with its event. history holds the earlier
// releases, newest first; the returned history has this one prepended.
func (e *Env) HelmRecord(ctx context.Context, h HelmSync, r HelmRelease, history []any) ([]any, error) {
	status, reason, verb := "deployed", "UpgradeSucceeded", "upgrade"
	if r.Revision == 1 {
		reason, verb = "InstallSucceeded", "install"
	}
	if r.Err != "" {
		status, reason = "failed", "UpgradeFailed"
	}
	if err := e.releaseSecret(ctx, h, r, status); err != nil {
		return nil, err
	}
	for _, old := range history {
		if m, ok := old.(map[string]any); ok && m["status"] == "deployed" && r.Err == "" {
			m["status"] = "superseded"
		}
	}
	entry := map[string]any{
		"name": h.Name, "namespace": h.Namespace, "version": r.Revision, "status": status,
		"chartName": h.Chart, "chartVersion": r.Version, "appVersion": r.Version,
		"firstDeployed": r.Started.UTC().Format(time.RFC3339), "lastDeployed": r.Started.UTC().Format(time.RFC3339),
	}
	history = append([]any{entry}, history...)
	u, err := e.getObject(ctx, "helm.toolkit.fluxcd.io", "v2", "HelmRelease", h.Namespace, h.Name)
	if err != nil {
		return nil, err
	}
	gen := u.GetGeneration()
	ts := r.Ended.UTC().Format(time.RFC3339)
	msg := fmt.Sprintf("Helm %s succeeded for release %s/%s.v%d with chart %s@%s", verb, h.Namespace, h.Name, r.Revision, h.Chart, r.Version)
	ready := "True"
	if r.Err != "" {
		msg = fmt.Sprintf("Helm upgrade failed for release %s/%s with chart %s@%s: %s", h.Namespace, h.Name, h.Chart, r.Version, r.Err)
		ready = "False"
	}
	st := map[string]any{
		"observedGeneration":      gen,
		"lastAttemptedRevision":   r.Version,
		"lastAttemptedGeneration": gen,
		"helmChart":               h.RepoNamespace + "/" + h.Namespace + "-" + h.Name,
		"history":                 history,
		"conditions": []any{
			condition("Ready", ready, reason, msg, ts, gen),
			condition("Released", ready, reason, msg, ts, gen),
		},
	}
	if r.Err != "" {
		st["failures"], st["upgradeFailures"] = int64(1), int64(1)
	}
	su := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease",
		"metadata": map[string]any{"name": h.Name, "namespace": h.Namespace},
		"status":   st,
	}}
	if err := e.keepTransitions(ctx, su); err != nil {
		return nil, err
	}
	if err := e.ApplyStatus(ctx, su, "helm-controller"); err != nil {
		return nil, err
	}
	typ := corev1.EventTypeNormal
	if r.Err != "" {
		typ = corev1.EventTypeWarning
	}
	return history, e.FluxEvent(ctx, u, "helm-controller", typ, reason, msg, r.Version, r.Ended)
}

// releaseSecret stores Helm's release record as the Secret Helm keeps,
// sh.helm.release.v1.NAME.vREVISION, with its labels and no payload.
func (e *Env) releaseSecret(ctx context.Context, h HelmSync, r HelmRelease, status string) error {
	s := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{
			Name: fmt.Sprintf("sh.helm.release.v1.%s.v%d", h.Name, r.Revision), Namespace: h.Namespace,
			Labels: map[string]string{"owner": "helm", "name": h.Name, "status": status, "version": fmt.Sprint(r.Revision)},
		},
		Type: "helm.sh/release.v1",
		Data: map[string][]byte{"release": []byte("H4sIAAAAAAAA/wEAAP//AAAAAAAAAAA=")},
	}
	if _, err := e.Client.CoreV1().Secrets(h.Namespace).Create(ctx, s, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("Secret/%s/%s: %w", h.Namespace, s.Name, err)
	}
	return nil
}
