package collector

import (
	"context"
	"sort"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/collector/gitsource"
)

// collectSources GETs the Flux sources named by the kept Kustomizations and
// HelmReleases.
func (r *run) collectSources(ctx context.Context, ks, hr []*unstructured.Unstructured) error {
	type src struct{ kind, ns, name string }
	want := map[src]bool{}
	add := func(u *unstructured.Unstructured, path ...string) {
		ref, ok, _ := unstructured.NestedStringMap(u.Object, path...)
		if !ok || ref["name"] == "" {
			return
		}
		ns := ref["namespace"]
		if ns == "" {
			ns = u.GetNamespace()
		}
		want[src{ref["kind"], ns, ref["name"]}] = true
	}
	for _, u := range ks {
		add(u, "spec", "sourceRef")
	}
	for _, u := range hr {
		add(u, "spec", "chart", "spec", "sourceRef")
		add(u, "spec", "chartRef")
		// helm-controller names the HelmChart it generates from spec.chart
		// in status.helmChart ("namespace/name"); the chart's own status
		// says why a version cannot be resolved.
		hc, _, _ := unstructured.NestedString(u.Object, "status", "helmChart")
		if ns, name, ok := strings.Cut(hc, "/"); ok && ns != "" && name != "" {
			want[src{"HelmChart", ns, name}] = true
		}
	}
	bySource := map[string][]*unstructured.Unstructured{}
	for s := range want {
		resource, ok := fluxSources[s.kind]
		a, found := r.res[resource]
		if !ok || !found {
			continue
		}
		u, err := r.dyn.Resource(a.gvr).Namespace(s.ns).Get(ctx, s.name, metav1.GetOptions{})
		if err != nil {
			if err := r.readFailed(resource+"/"+s.name, s.ns, err); err != nil {
				return err
			}
			continue
		}
		if s.kind == "GitRepository" {
			url, _, _ := unstructured.NestedString(u.Object, "spec", "url")
			r.gitRepoURL[nsName{s.ns, s.name}] = gitsource.StripCredentials(url)
		}
		bySource[resource] = append(bySource[resource], u)
	}
	for _, resource := range sortedKeys(boolKeys(bySource)) {
		if err := r.writeObjects(resource, bySource[resource]); err != nil {
			return err
		}
	}
	return nil
}

// writeObjects writes objects of one resource, grouped by namespace and
// sorted by name, in pages.
func (r *run) writeObjects(resource string, objs []*unstructured.Unstructured) error {
	sortObjects(objs)
	a := r.res[resource]
	for i := 0; i < len(objs); {
		ns := objs[i].GetNamespace()
		var page []map[string]any
		for ; i < len(objs) && objs[i].GetNamespace() == ns && int64(len(page)) < r.cfg.PageSize; i++ {
			r.seen.object(a, objs[i].Object)
			page = append(page, objs[i].Object)
		}
		if err := r.out.page(objDir(ns, resource), page); err != nil {
			return err
		}
	}
	r.progress(resource, "", len(objs))
	return nil
}

func sortObjects(objs []*unstructured.Unstructured) {
	sort.Slice(objs, func(i, j int) bool {
		if objs[i].GetNamespace() != objs[j].GetNamespace() {
			return objs[i].GetNamespace() < objs[j].GetNamespace()
		}
		return objs[i].GetName() < objs[j].GetName()
	})
}

func values(m map[nsName]*unstructured.Unstructured) []*unstructured.Unstructured {
	out := make([]*unstructured.Unstructured, 0, len(m))
	for _, u := range m {
		out = append(out, u)
	}
	return out
}

func boolKeys[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}
