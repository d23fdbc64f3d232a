package scenarios

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// ArgoApp is one Argo CD Application syncing a directory of the scenario's
// Git repository into a namespace.
type ArgoApp struct {
	Namespace string // where the Application lives, e.g. argocd
	Name      string
	RepoURL   string
	Path      string // spec.source.path, relative to the repository root
	Dest      string // spec.destination.namespace
	// SyncPolicy is spec.syncPolicy; nil is automated sync with prune and
	// selfHeal.
	SyncPolicy map[string]any
	// Project is spec.project; empty is "default".
	Project string
	// ClientSide applies as Argo CD does by default: kubectl's client-side
	// apply (the last-applied-configuration annotation and a three-way
	// strategic merge patch) instead of server-side apply.
	ClientSide bool
}

// InstallArgoCRD installs the Application CRD (argoproj.io/v1alpha1, with
// an open schema and no status subresource, as Argo CD ships it) and waits
// until it is served.
func (e *Env) InstallArgoCRD(ctx context.Context) error {
	return e.installArgoKind(ctx, "Application", "applications", "app", "apps")
}

// installArgoKind serves one argoproj.io/v1alpha1 kind, schemaless and
// without a status subresource, as Argo CD's CRDs declare it, and waits
// until it is served.
func (e *Env) installArgoKind(ctx context.Context, kind, plural string, shortNames ...any) error {
	crd := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": plural + ".argoproj.io"},
		"spec": map[string]any{
			"group": "argoproj.io", "scope": "Namespaced",
			"names": map[string]any{"kind": kind, "listKind": kind + "List", "plural": plural, "singular": strings.ToLower(kind), "shortNames": shortNames},
			"versions": []any{map[string]any{
				"name": "v1alpha1", "served": true, "storage": true,
				"schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object", "x-kubernetes-preserve-unknown-fields": true}},
			}},
		},
	}}
	if _, err := e.ApplyObject(ctx, crd, "kubectl"); err != nil {
		return err
	}
	return e.Wait(ctx, kind+" CRD served", time.Minute, func(ctx context.Context) (bool, error) {
		_, err := e.mapping(schemaGVK("argoproj.io", "v1alpha1", kind))
		return err == nil, err
	})
}

// ArgoSync does what the application controller does for an automated
// sync of sha: apply every manifest under Path with its tracking label
// (app.kubernetes.io/instance) as "argocd-controller", then write the
// Application's status: Synced and Healthy at the revision, the succeeded
// sync operation, the history entry and the managed resources.
func (e *Env) ArgoSync(ctx context.Context, a ArgoApp, sha string, at time.Time) error {
	manifests, _, err := readManifests(filepath.Join(e.Git.Dir, filepath.FromSlash(a.Path)))
	if err != nil {
		return fmt.Errorf("Application/%s/%s: %w", a.Namespace, a.Name, err)
	}
	opts := ApplyOptions{FieldManager: "argocd-controller", Labels: map[string]string{"app.kubernetes.io/instance": a.Name}, Namespace: a.Dest}
	var applied []*unstructured.Unstructured
	if a.ClientSide {
		applied, err = e.ApplyClientSide(ctx, manifests, opts)
	} else {
		applied, err = e.Apply(ctx, manifests, opts)
	}
	if err != nil {
		return fmt.Errorf("Application/%s/%s: %w", a.Namespace, a.Name, err)
	}
	source := map[string]any{"repoURL": a.RepoURL, "path": a.Path, "targetRevision": "HEAD"}
	var resources, images []any
	for _, u := range applied {
		gvk := u.GroupVersionKind()
		r := map[string]any{"group": gvk.Group, "version": gvk.Version, "kind": gvk.Kind, "namespace": u.GetNamespace(), "name": u.GetName(), "status": "Synced"}
		if gvk.Kind != "ConfigMap" && gvk.Kind != "Secret" {
			r["health"] = map[string]any{"status": "Healthy"}
		}
		resources = append(resources, r)
		cs, _, _ := unstructured.NestedSlice(u.Object, "spec", "template", "spec", "containers")
		for _, c := range cs {
			if m, ok := c.(map[string]any); ok {
				images = append(images, m["image"])
			}
		}
	}
	ts := at.UTC().Format(time.RFC3339)
	app := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Application",
		"metadata": map[string]any{"name": a.Name, "namespace": a.Namespace},
		"spec": map[string]any{
			"project": a.project(), "source": source,
			"destination": map[string]any{"server": "https://kubernetes.default.svc", "namespace": a.Dest},
			"syncPolicy":  a.syncPolicy(),
		},
		"status": map[string]any{
			"sourceType":   "Directory",
			"reconciledAt": ts,
			"sync": map[string]any{"status": "Synced", "revision": sha, "comparedTo": map[string]any{
				"source": source, "destination": map[string]any{"server": "https://kubernetes.default.svc", "namespace": a.Dest},
			}},
			"health":    map[string]any{"status": "Healthy"},
			"resources": resources,
			"summary":   map[string]any{"images": images},
			"history": []any{map[string]any{
				"id": int64(0), "revision": sha, "deployStartedAt": ts, "deployedAt": ts, "source": source,
			}},
			"operationState": map[string]any{
				"phase": "Succeeded", "message": "successfully synced (all tasks run)",
				"startedAt": ts, "finishedAt": ts,
				"operation": map[string]any{
					"initiatedBy": map[string]any{"automated": true},
					"sync":        map[string]any{"revision": sha},
					"retry":       map[string]any{"limit": int64(5)},
				},
				"syncResult": map[string]any{"revision": sha, "source": source},
			},
		},
	}}
	_, err = e.ApplyObject(ctx, app, "argocd-application-controller")
	return err
}

func (a ArgoApp) syncPolicy() map[string]any {
	if a.SyncPolicy != nil {
		return a.SyncPolicy
	}
	return map[string]any{"automated": map[string]any{"prune": true, "selfHeal": true}}
}

func (a ArgoApp) project() string {
	if a.Project != "" {
		return a.Project
	}
	return "default"
}
