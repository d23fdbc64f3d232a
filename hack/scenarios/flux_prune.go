package scenarios

import (
	"context"
	"fmt"
	"sort"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// inventoryID is kustomize-controller's inventory entry id:
// <namespace>_<name>_<group>_<Kind>.
func inventoryID(u *unstructured.Unstructured) string {
	gvk := u.GroupVersionKind()
	return u.GetNamespace() + "_" + u.GetName() + "_" + gvk.Group + "_" + gvk.Kind
}

// prune deletes what the Kustomization's last inventory holds and the new
// revision no longer does, as kustomize-controller does with spec.prune.
func (e *Env) prune(ctx context.Context, f FluxSync, applied []*unstructured.Unstructured) error {
	ks, err := e.Dynamic.Resource(schema.GroupVersionResource{Group: "kustomize.toolkit.fluxcd.io", Version: "v1", Resource: "kustomizations"}).
		Namespace(f.Namespace).Get(ctx, f.Name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("Kustomization/%s/%s: %w", f.Namespace, f.Name, err)
	}
	keep := map[string]bool{}
	for _, u := range applied {
		keep[inventoryID(u)] = true
	}
	entries, _, _ := unstructured.NestedSlice(ks.Object, "status", "inventory", "entries")
	var stale []map[string]any
	for _, raw := range entries {
		entry, ok := raw.(map[string]any)
		if id, _ := entry["id"].(string); ok && !keep[id] {
			stale = append(stale, entry)
		}
	}
	sort.Slice(stale, func(i, j int) bool { return stale[i]["id"].(string) < stale[j]["id"].(string) })
	for _, entry := range stale {
		if err := e.deleteEntry(ctx, entry); err != nil {
			return fmt.Errorf("Kustomization/%s/%s: prune: %w", f.Namespace, f.Name, err)
		}
	}
	return nil
}

func (e *Env) deleteEntry(ctx context.Context, entry map[string]any) error {
	id, _ := entry["id"].(string)
	version, _ := entry["v"].(string)
	parts := strings.Split(id, "_")
	if len(parts) != 4 {
		return fmt.Errorf("inventory id %q: want <namespace>_<name>_<group>_<Kind>", id)
	}
	m, err := e.mapping(schema.GroupVersionKind{Group: parts[2], Version: version, Kind: parts[3]})
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	ri := e.Dynamic.Resource(m.Resource)
	policy := metav1.DeletePropagationBackground
	opts := metav1.DeleteOptions{PropagationPolicy: &policy}
	if m.Scope.Name() == meta.RESTScopeNameNamespace {
		err = ri.Namespace(parts[0]).Delete(ctx, parts[1], opts)
	} else {
		err = ri.Delete(ctx, parts[1], opts)
	}
	if err != nil && !apierrors.IsNotFound(err) {
		return fmt.Errorf("%s: %w", id, err)
	}
	return nil
}
