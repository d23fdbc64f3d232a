package scenarios

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// ArgoResource names one managed resource in an Application's status.
type ArgoResource struct{ Kind, Name string }

// ArgoRefresh is the application controller's periodic comparison of the
// live objects with revision sha: status.sync turns OutOfSync at sha when
// any resource in outOfSync differs (Synced otherwise), those resources'
// entries say OutOfSync, and reconciledAt moves on. The last operation and
// the history stay as the last sync wrote them: a refresh applies nothing.
func (e *Env) ArgoRefresh(ctx context.Context, a ArgoApp, sha string, outOfSync []ArgoResource, at time.Time) error {
	return e.updateApp(ctx, a, func(st map[string]any) {
		diff := map[ArgoResource]bool{}
		for _, r := range outOfSync {
			diff[r] = true
		}
		sync := "Synced"
		res, _ := st["resources"].([]any)
		for _, x := range res {
			r, _ := x.(map[string]any)
			if r == nil {
				continue
			}
			k, _ := r["kind"].(string)
			n, _ := r["name"].(string)
			if diff[ArgoResource{k, n}] {
				r["status"], sync = "OutOfSync", "OutOfSync"
			}
		}
		s, _ := st["sync"].(map[string]any)
		s["status"], s["revision"] = sync, sha
		st["reconciledAt"] = at.UTC().Format(time.RFC3339)
	})
}

// ArgoSyncFailed is an automated sync of sha that the API server refused
// for one resource, after the retries of spec.syncPolicy.retry (Argo CD
// appends "(retried N times)."): operationState Failed with the message
// and the SyncFailed resource result, status.sync OutOfSync at sha, the
// history unchanged (only successful syncs enter it).
func (e *Env) ArgoSyncFailed(ctx context.Context, a ArgoApp, sha string, failed ArgoResource, group, version, reason string, retries int64, at time.Time) error {
	msg := fmt.Sprintf("one or more objects failed to apply, reason: %s (retried %d times).", reason, retries)
	ts := at.UTC().Format(time.RFC3339)
	source := map[string]any{"repoURL": a.RepoURL, "path": a.Path, "targetRevision": "HEAD"}
	return e.updateApp(ctx, a, func(st map[string]any) {
		st["operationState"] = map[string]any{
			"phase": "Failed", "message": msg, "retryCount": retries,
			"startedAt": at.Add(-time.Duration(retries) * 20 * time.Second).UTC().Format(time.RFC3339), "finishedAt": ts,
			"operation": map[string]any{
				"initiatedBy": map[string]any{"automated": true},
				"sync":        map[string]any{"revision": sha},
				"retry":       map[string]any{"limit": retries},
			},
			"syncResult": map[string]any{
				"revision": sha, "source": source,
				"resources": []any{map[string]any{
					"group": group, "version": version, "kind": failed.Kind, "namespace": a.Dest, "name": failed.Name,
					"status": "SyncFailed", "message": reason, "hookPhase": "Failed", "syncPhase": "Sync",
				}},
			},
		}
		s, _ := st["sync"].(map[string]any)
		s["status"], s["revision"] = "OutOfSync", sha
		res, _ := st["resources"].([]any)
		for _, x := range res {
			if r, _ := x.(map[string]any); r != nil {
				r["status"] = "OutOfSync"
			}
		}
		st["reconciledAt"] = ts
	})
}

// updateApp reads the Application, lets edit change its status and writes
// it back as the application controller (Argo CD's CRD has no status
// subresource).
func (e *Env) updateApp(ctx context.Context, a ArgoApp, edit func(status map[string]any)) error {
	m, err := e.mapping(schemaGVK("argoproj.io", "v1alpha1", "Application"))
	if err != nil {
		return err
	}
	ri := e.Dynamic.Resource(m.Resource).Namespace(a.Namespace)
	u, err := ri.Get(ctx, a.Name, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Application/%s/%s: %w", a.Namespace, a.Name, err)
	}
	st, _, _ := unstructured.NestedMap(u.Object, "status")
	if st == nil {
		return fmt.Errorf("Application/%s/%s: no status to update", a.Namespace, a.Name)
	}
	edit(st)
	if err := unstructured.SetNestedMap(u.Object, st, "status"); err != nil {
		return err
	}
	if _, err := ri.Update(ctx, u, metav1.UpdateOptions{FieldManager: "argocd-application-controller"}); err != nil {
		return fmt.Errorf("Application/%s/%s: update status: %w", a.Namespace, a.Name, err)
	}
	return nil
}

// ArgoHook is a sync hook Argo CD ran (a Job with
// argocd.argoproj.io/hook) and how it ended.
type ArgoHook struct {
	Kind, Group, Version, Name string
	// Type is the hook's phase: PreSync, Sync, PostSync, SyncFail.
	Type string
	// Message is the hook's health message, e.g. the Job's
	// "Job has reached the specified backoff limit".
	Message string
}

// ArgoHookFailed is an automated sync of sha stopped by a failed hook:
// operationState Failed with Argo CD's "one or more synchronization tasks
// completed unsuccessfully", the hook's result (hookType, hookPhase
// Failed), nothing else applied, so status.sync is OutOfSync at sha and
// the history unchanged.
func (e *Env) ArgoHookFailed(ctx context.Context, a ArgoApp, sha string, h ArgoHook, started, finished time.Time) error {
	source := map[string]any{"repoURL": a.RepoURL, "path": a.Path, "targetRevision": "HEAD"}
	ts := finished.UTC().Format(time.RFC3339)
	return e.updateApp(ctx, a, func(st map[string]any) {
		st["operationState"] = map[string]any{
			"phase": "Failed", "message": "one or more synchronization tasks completed unsuccessfully",
			"startedAt": started.UTC().Format(time.RFC3339), "finishedAt": ts,
			"operation": map[string]any{
				"initiatedBy": map[string]any{"automated": true},
				"sync":        map[string]any{"revision": sha},
				"retry":       map[string]any{"limit": int64(5)},
			},
			"syncResult": map[string]any{
				"revision": sha, "source": source,
				"resources": []any{map[string]any{
					"group": h.Group, "version": h.Version, "kind": h.Kind, "namespace": a.Dest, "name": h.Name,
					"status": "Synced", "message": h.Message, "hookType": h.Type, "hookPhase": "Failed", "syncPhase": h.Type,
				}},
			},
		}
		s, _ := st["sync"].(map[string]any)
		s["status"], s["revision"] = "OutOfSync", sha
		res, _ := st["resources"].([]any)
		for _, x := range res {
			if r, _ := x.(map[string]any); r != nil && r["kind"] == "Deployment" {
				r["status"] = "OutOfSync"
			}
		}
		st["reconciledAt"] = ts
	})
}
