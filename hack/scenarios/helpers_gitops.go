package scenarios

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// FetchFailed is what source-controller reports when it cannot fetch the
// branch head: the GitRepository keeps its last artifact (and
// ArtifactInStorage), turns Ready=False and FetchFailed=True with reason
// and message, and emits a Warning event. Consumers are not touched: they
// keep applying the last artifact.
func (e *Env) FetchFailed(ctx context.Context, f FluxSync, reason, message string, at time.Time) error {
	u, err := e.getFlux(ctx, "GitRepository", f)
	if err != nil {
		return err
	}
	ts := at.UTC().Format(time.RFC3339)
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	var next []any
	for _, c := range conds {
		if m, ok := c.(map[string]any); ok && m["type"] == "ArtifactInStorage" {
			next = append(next, m)
		}
	}
	next = append([]any{
		condition("Ready", "False", reason, message, ts, 1),
		condition("FetchFailed", "True", reason, message, ts, 1),
	}, next...)
	status := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": u.GetAPIVersion(), "kind": u.GetKind(),
		"metadata": map[string]any{"name": f.Name, "namespace": f.Namespace},
		"status":   map[string]any{"observedGeneration": int64(1), "conditions": next},
	}}
	if art, ok, _ := unstructured.NestedMap(u.Object, "status", "artifact"); ok {
		status.Object["status"].(map[string]any)["artifact"] = art
	}
	if err := e.ApplyStatus(ctx, status, "source-controller"); err != nil {
		return err
	}
	return e.FluxEvent(ctx, u, "source-controller", corev1.EventTypeWarning, reason, message, "", at)
}

// StoreArtifact is source-controller storing the artifact of sha while
// kustomize-controller does nothing with it (suspended, or about to fail).
func (e *Env) StoreArtifact(ctx context.Context, f FluxSync, sha string, at time.Time) error {
	if err := e.applyFluxObjects(ctx, f); err != nil {
		return err
	}
	manifests, digest, err := readManifests(filepath.Join(e.Git.Dir, filepath.FromSlash(f.Path)))
	if err != nil {
		return fmt.Errorf("GitRepository/%s/%s: %w", f.Namespace, f.Name, err)
	}
	st := gitRepositoryStatus(f, e.Git.Revision(sha), digest, int64(len(manifests)), at)
	if err := e.keepTransitions(ctx, st); err != nil {
		return err
	}
	return e.ApplyStatus(ctx, st, "source-controller")
}

// KustomizationFailed is kustomize-controller failing to reconcile the
// revision attempted: Ready=False with reason and message,
// lastAttemptedRevision moves on while lastAppliedRevision and the
// inventory stay at what was applied before, and a Warning event (an
// Info one for DependencyNotReady, as the controller emits).
func (e *Env) KustomizationFailed(ctx context.Context, f FluxSync, attempted, reason, message string, at time.Time) error {
	u, err := e.getFlux(ctx, "Kustomization", f)
	if err != nil {
		return err
	}
	ts := at.UTC().Format(time.RFC3339)
	st, _, _ := unstructured.NestedMap(u.Object, "status")
	if st == nil {
		st = map[string]any{}
	}
	st["observedGeneration"] = u.GetGeneration()
	st["lastAttemptedRevision"] = attempted
	st["conditions"] = []any{condition("Ready", "False", reason, message, ts, u.GetGeneration())}
	if err := e.kustomizationStatus(ctx, u, st); err != nil {
		return err
	}
	typ, msg := corev1.EventTypeWarning, message
	if reason == "DependencyNotReady" {
		typ, msg = corev1.EventTypeNormal, "Dependencies do not meet ready condition, retrying in 30s"
	}
	return e.FluxEvent(ctx, u, "kustomize-controller", typ, reason, msg, attempted, at)
}

// kustomizationStatus writes st as the status of the Kustomization u, as
// kustomize-controller.
func (e *Env) kustomizationStatus(ctx context.Context, u *unstructured.Unstructured, st map[string]any) error {
	status := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": u.GetAPIVersion(), "kind": u.GetKind(),
		"metadata": map[string]any{"name": u.GetName(), "namespace": u.GetNamespace()},
		"status":   st,
	}}
	return e.ApplyStatus(ctx, status, "kustomize-controller")
}

// SuspendKustomization sets spec.suspend as `flux suspend kustomization`
// does; the controller then leaves the status as it was.
func (e *Env) SuspendKustomization(ctx context.Context, f FluxSync) error {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
		"metadata": map[string]any{"name": f.Name, "namespace": f.Namespace},
		"spec":     map[string]any{"suspend": true},
	}}
	_, err := e.ApplyObject(ctx, u, "flux-client-side-apply")
	return err
}

// FluxEvent records a core/v1 Event on a Flux object the way the Flux
// controllers' event recorder does (source and reporting controller, the
// revision annotation when known).
func (e *Env) FluxEvent(ctx context.Context, obj *unstructured.Unstructured, controller, eventType, reason, message, revision string, at time.Time) error {
	ev := &corev1.Event{
		ObjectMeta: metav1.ObjectMeta{
			Name:      obj.GetName() + "." + strconv.FormatInt(at.UnixNano(), 16),
			Namespace: obj.GetNamespace(),
		},
		InvolvedObject: corev1.ObjectReference{
			Kind: obj.GetKind(), Namespace: obj.GetNamespace(), Name: obj.GetName(), UID: obj.GetUID(),
			APIVersion: obj.GetAPIVersion(), ResourceVersion: obj.GetResourceVersion(),
		},
		Reason: reason, Message: message, Type: eventType, Count: 1,
		FirstTimestamp: metav1.NewTime(at), LastTimestamp: metav1.NewTime(at),
		Source:              corev1.EventSource{Component: controller},
		ReportingController: controller,
	}
	if revision != "" {
		group := obj.GroupVersionKind().Group
		ev.Annotations = map[string]string{group + "/revision": revision}
	}
	if _, err := e.Client.CoreV1().Events(obj.GetNamespace()).Create(ctx, ev, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("%s: event %s: %w", objectRef(obj), reason, err)
	}
	return nil
}

func (e *Env) getFlux(ctx context.Context, kind string, f FluxSync) (*unstructured.Unstructured, error) {
	if kind == "GitRepository" {
		return e.getObject(ctx, "source.toolkit.fluxcd.io", "v1", kind, f.Namespace, f.Name)
	}
	return e.getObject(ctx, "kustomize.toolkit.fluxcd.io", "v1", kind, f.Namespace, f.Name)
}

// getObject reads one namespaced object of a group, version and kind.
func (e *Env) getObject(ctx context.Context, group, version, kind, namespace, name string) (*unstructured.Unstructured, error) {
	m, err := e.mapping(schemaGVK(group, version, kind))
	if err != nil {
		return nil, fmt.Errorf("%s/%s/%s: %w", kind, namespace, name, err)
	}
	u, err := e.Dynamic.Resource(m.Resource).Namespace(namespace).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s/%s/%s: %w", kind, namespace, name, err)
	}
	return u, nil
}
