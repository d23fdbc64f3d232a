package collector

import (
	"context"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// collectGitOps reads the Flux and Argo CD objects that own or target a
// scoped namespace, wherever they live, and the Flux sources they name.
//
// The kinds are listed cluster-wide page by page, and each page is
// dropped once read: only the objects in scope are kept whole, and of
// every other Kustomization only its key and the key of the Kustomization
// that applied it, so memory stays bounded by one page plus the scope.
// The Kustomizations up the chain from a kept object are then read by
// name, so the analysis sees the whole path from the source down.
func (r *run) collectGitOps(ctx context.Context) error {
	sel := newGitopsSelection()
	r.listAll(ctx, fluxKustomizations, func(u *unstructured.Unstructured) {
		k := nsName{u.GetNamespace(), u.GetName()}
		in := r.scoped[k.ns] || r.scopedField(u, "spec", "targetNamespace") || r.seen.fluxKS[k] || r.inventoryInScope(u)
		sel.kustomization(u, in)
	})
	r.listAll(ctx, fluxHelmReleases, func(u *unstructured.Unstructured) {
		k := nsName{u.GetNamespace(), u.GetName()}
		if r.scoped[k.ns] || r.scopedField(u, "spec", "targetNamespace") || r.scopedField(u, "spec", "storageNamespace") || r.seen.fluxHR[k] {
			sel.hr[k] = u
		}
	})
	r.listAll(ctx, argoApplications, func(u *unstructured.Unstructured) {
		if r.scoped[u.GetNamespace()] || r.scopedField(u, "spec", "destination", "namespace") ||
			r.seen.argoApps[u.GetName()] || r.seen.argoApps[u.GetNamespace()+"_"+u.GetName()] || r.statusResourcesInScope(u) {
			sel.apps[nsName{u.GetNamespace(), u.GetName()}] = u
		}
	})
	if err := r.fetchParents(ctx, sel); err != nil {
		return err
	}
	r.keptKS = values(sel.ks)
	sortObjects(r.keptKS)
	keepHR, keepApps := values(sel.hr), values(sel.apps)
	sortObjects(keepHR)
	sortObjects(keepApps)
	r.keptApps = keepApps
	for _, w := range []struct {
		resource string
		objs     []*unstructured.Unstructured
	}{{fluxKustomizations, r.keptKS}, {fluxHelmReleases, keepHR}, {argoApplications, keepApps}} {
		if err := r.writeObjects(w.resource, w.objs); err != nil {
			return err
		}
	}
	if err := r.collectProjects(ctx, keepApps); err != nil {
		return err
	}
	return r.collectSources(ctx, r.keptKS, keepHR)
}

// fetchParents GETs each Kustomization that applied a kept Kustomization
// or HelmRelease, up the chain, among those the listing saw.
func (r *run) fetchParents(ctx context.Context, sel *gitopsSelection) error {
	a, ok := r.res[fluxKustomizations]
	if !ok {
		return nil
	}
	for _, p := range sel.parents() {
		u, err := r.dyn.Resource(a.gvr).Namespace(p.ns).Get(ctx, p.name, metav1.GetOptions{})
		if err != nil {
			if err := r.readFailed(fluxKustomizations+"/"+p.name, p.ns, err); err != nil {
				return err
			}
			continue
		}
		sel.ks[p] = u
	}
	return nil
}

// listAll lists a GitOps kind in every namespace, or, when that is
// forbidden, in each scoped namespace (recording the refusal), page by
// page, and calls visit with each object. visit keeps what it needs; the
// page is dropped after it (objects are copied out of it, so a kept one
// does not pin its page).
func (r *run) listAll(ctx context.Context, resource string, visit func(*unstructured.Unstructured)) {
	a, ok := r.res[resource]
	if !ok {
		return
	}
	read := func(ns string) error {
		ri := r.dyn.Resource(a.gvr).Namespace(ns)
		return paginate(ctx, r.cfg.PageSize, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
			l, err := ri.List(ctx, opts)
			if err != nil {
				return "", err
			}
			for i := range l.Items {
				u := l.Items[i]
				visit(&u)
			}
			return l.GetContinue(), nil
		})
	}
	if err := read(""); err != nil {
		r.readFailed(resource, "", err)
		for _, ns := range r.t.Namespaces {
			r.readFailed(resource, ns, read(ns))
		}
	}
}

func (r *run) scopedField(u *unstructured.Unstructured, path ...string) bool {
	s, _, _ := unstructured.NestedString(u.Object, path...)
	return s != "" && r.scoped[s]
}

// inventoryInScope reads a Kustomization's inventory, whose entry ids are
// <namespace>_<name>_<group>_<kind>.
func (r *run) inventoryInScope(u *unstructured.Unstructured) bool {
	entries, _, _ := unstructured.NestedSlice(u.Object, "status", "inventory", "entries")
	for _, e := range entries {
		m, _ := e.(map[string]any)
		id, _ := m["id"].(string)
		if ns, _, ok := strings.Cut(id, "_"); ok && r.scoped[ns] {
			return true
		}
	}
	return false
}

func (r *run) statusResourcesInScope(u *unstructured.Unstructured) bool {
	res, _, _ := unstructured.NestedSlice(u.Object, "status", "resources")
	for _, x := range res {
		m, _ := x.(map[string]any)
		if ns, _ := m["namespace"].(string); ns != "" && r.scoped[ns] {
			return true
		}
	}
	return false
}
