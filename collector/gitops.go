package collector

import (
	"context"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// collectGitOps reads the Flux and Argo CD objects that own or target a
// scoped namespace, wherever they live, and the Flux sources they name.
func (r *run) collectGitOps(ctx context.Context) error {
	ks := r.listAll(ctx, fluxKustomizations)
	hr := r.listAll(ctx, fluxHelmReleases)
	apps := r.listAll(ctx, argoApplications)

	keep := map[nsName]*unstructured.Unstructured{}
	byKey := map[nsName]*unstructured.Unstructured{}
	for _, u := range ks {
		k := nsName{u.GetNamespace(), u.GetName()}
		byKey[k] = u
		if r.scoped[k.ns] || r.scopedField(u, "spec", "targetNamespace") || r.seen.fluxKS[k] || r.inventoryInScope(u) {
			keep[k] = u
		}
	}
	var keepHR []*unstructured.Unstructured
	for _, u := range hr {
		k := nsName{u.GetNamespace(), u.GetName()}
		if r.scoped[k.ns] || r.scopedField(u, "spec", "targetNamespace") || r.scopedField(u, "spec", "storageNamespace") || r.seen.fluxHR[k] {
			keepHR = append(keepHR, u)
		}
	}
	// The Kustomization that applied a kept one is kept too, up the chain,
	// so the analysis sees the whole path from the source down.
	queue := append(values(keep), keepHR...)
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		lb := u.GetLabels()
		p := nsName{lb[ksNSLabel], lb[ksNameLabel]}
		if parent, ok := byKey[p]; ok && keep[p] == nil {
			keep[p] = parent
			queue = append(queue, parent)
		}
	}
	var keepApps []*unstructured.Unstructured
	for _, u := range apps {
		if r.scoped[u.GetNamespace()] || r.scopedField(u, "spec", "destination", "namespace") ||
			r.seen.argoApps[u.GetName()] || r.seen.argoApps[u.GetNamespace()+"_"+u.GetName()] || r.statusResourcesInScope(u) {
			keepApps = append(keepApps, u)
		}
	}
	r.keptKS = values(keep)
	sortObjects(r.keptKS)
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
	return r.collectSources(ctx, r.keptKS, keepHR)
}

// listAll lists a GitOps kind in every namespace, or, when that is
// forbidden, in each scoped namespace (recording the refusal).
func (r *run) listAll(ctx context.Context, resource string) []*unstructured.Unstructured {
	a, ok := r.res[resource]
	if !ok {
		return nil
	}
	var out []*unstructured.Unstructured
	read := func(ns string) error {
		ri := r.dyn.Resource(a.gvr).Namespace(ns)
		return paginate(ctx, r.cfg.PageSize, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
			l, err := ri.List(ctx, opts)
			if err != nil {
				return "", err
			}
			for i := range l.Items {
				out = append(out, &l.Items[i])
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
	return out
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
