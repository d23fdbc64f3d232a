package scenarios

import (
	"context"
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// gitRepositoryStatus is what source-controller reports after storing the
// artifact of revision (Ready and ArtifactInStorage, reason Succeeded).
func gitRepositoryStatus(f FluxSync, revision, digest string, size int64, at time.Time) *unstructured.Unstructured {
	sha := revision[strings.LastIndex(revision, ":")+1:]
	path := fmt.Sprintf("gitrepository/%s/%s/%s.tar.gz", f.Namespace, f.Name, sha)
	msg := fmt.Sprintf("stored artifact for revision '%s'", revision)
	ts := at.UTC().Format(time.RFC3339)
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "GitRepository",
		"metadata": map[string]any{"name": f.Name, "namespace": f.Namespace},
		"status": map[string]any{
			"observedGeneration": int64(1),
			"artifact": map[string]any{
				"path": path, "url": "http://source-controller." + f.Namespace + ".svc.cluster.local./" + path,
				"revision": revision, "digest": digest, "lastUpdateTime": ts, "size": size,
			},
			"conditions": []any{
				condition("Ready", "True", "Succeeded", msg, ts, 1),
				condition("ArtifactInStorage", "True", "Succeeded", msg, ts, 1),
			},
		},
	}}
}

// kustomizationStatus is what kustomize-controller reports after a
// successful apply: Ready "Applied revision: <rev>", the revisions, and
// the inventory of applied objects (id <ns>_<name>_<group>_<Kind>).
func kustomizationStatus(f FluxSync, revision string, applied []*unstructured.Unstructured, at time.Time) *unstructured.Unstructured {
	entries := make([]any, 0, len(applied))
	for _, u := range applied {
		entries = append(entries, map[string]any{"id": inventoryID(u), "v": u.GroupVersionKind().Version})
	}
	ts := at.UTC().Format(time.RFC3339)
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
		"metadata": map[string]any{"name": f.Name, "namespace": f.Namespace},
		"status": map[string]any{
			"observedGeneration":    int64(1),
			"lastAppliedRevision":   revision,
			"lastAttemptedRevision": revision,
			"inventory":             map[string]any{"entries": entries},
			"conditions": []any{
				condition("Ready", "True", "ReconciliationSucceeded", "Applied revision: "+revision, ts, 1),
			},
		},
	}}
}

func condition(typ, status, reason, message, ts string, gen int64) map[string]any {
	return map[string]any{
		"type": typ, "status": status, "reason": reason, "message": message,
		"lastTransitionTime": ts, "observedGeneration": gen,
	}
}

// crd is a CRD reduced to what a recorder needs: the real group,
// version, kind, scope and status subresource, with the schema left open.
type crd struct{ group, version, kind, plural string }

// fluxCRDs are the GitRepository and Kustomization CRDs.
var fluxCRDs = []crd{
	{"source.toolkit.fluxcd.io", "v1", "GitRepository", "gitrepositories"},
	{"kustomize.toolkit.fluxcd.io", "v1", "Kustomization", "kustomizations"},
}

// helmCRDs are helm-controller's HelmRelease and the Helm sources.
var helmCRDs = []crd{
	{"helm.toolkit.fluxcd.io", "v2", "HelmRelease", "helmreleases"},
	{"source.toolkit.fluxcd.io", "v1", "HelmRepository", "helmrepositories"},
	{"source.toolkit.fluxcd.io", "v1", "HelmChart", "helmcharts"},
}

// InstallFluxCRDs installs the Flux CRDs and waits until they are served.
func (e *Env) InstallFluxCRDs(ctx context.Context) error { return e.installCRDs(ctx, fluxCRDs) }

// InstallHelmCRDs installs helm-controller's and the Helm sources' CRDs
// and waits until they are served.
func (e *Env) InstallHelmCRDs(ctx context.Context) error { return e.installCRDs(ctx, helmCRDs) }

func (e *Env) installCRDs(ctx context.Context, crds []crd) error {
	for _, c := range crds {
		crd := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
			"metadata": map[string]any{"name": c.plural + "." + c.group},
			"spec": map[string]any{
				"group": c.group, "scope": "Namespaced",
				"names": map[string]any{"kind": c.kind, "listKind": c.kind + "List", "plural": c.plural, "singular": strings.ToLower(c.kind)},
				"versions": []any{map[string]any{
					"name": c.version, "served": true, "storage": true,
					"subresources": map[string]any{"status": map[string]any{}},
					"schema": map[string]any{"openAPIV3Schema": map[string]any{
						"type": "object", "x-kubernetes-preserve-unknown-fields": true,
					}},
				}},
			},
		}}
		if _, err := e.ApplyObject(ctx, crd, "kubectl"); err != nil {
			return err
		}
	}
	return e.Wait(ctx, "CRDs served", time.Minute, func(ctx context.Context) (bool, error) {
		for _, c := range crds {
			if _, err := e.mapping(schemaGVK(c.group, c.version, c.kind)); err != nil {
				return false, err
			}
		}
		return true, nil
	})
}

func schemaGVK(group, version, kind string) schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: group, Version: version, Kind: kind}
}

// keepTransitions gives each new condition the lastTransitionTime of the
// existing condition of the same type when its status did not change, as
// Flux's conditions helpers do: a re-Ready object keeps its first Ready
// time.
func (e *Env) keepTransitions(ctx context.Context, u *unstructured.Unstructured) error {
	m, err := e.mapping(u.GroupVersionKind())
	if err != nil {
		return err
	}
	cur, err := e.Dynamic.Resource(m.Resource).Namespace(u.GetNamespace()).Get(ctx, u.GetName(), metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", objectRef(u), err)
	}
	old, _, _ := unstructured.NestedSlice(cur.Object, "status", "conditions")
	next, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, n := range next {
		nc, _ := n.(map[string]any)
		for _, o := range old {
			oc, _ := o.(map[string]any)
			if nc != nil && oc != nil && nc["type"] == oc["type"] && nc["status"] == oc["status"] {
				nc["lastTransitionTime"] = oc["lastTransitionTime"]
			}
		}
	}
	return unstructured.SetNestedSlice(u.Object, next, "status", "conditions")
}
