package collector

import (
	"context"
	"sort"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// argoProjects is Argo CD's AppProject resource.
const argoProjects = "appprojects.argoproj.io"

// collectProjects GETs the AppProject of each kept Application (its
// spec.project, "default" when unset, in the Application's namespace).
// The project's sync windows decide whether Argo CD syncs at all, and when
// one refuses, Argo CD only logs it: the Application's status says
// nothing, so without the project the analysis cannot tell a frozen
// release from a pending one. A project outside the Application's
// namespace (an Application in any namespace) is recorded as not
// collected.
func (r *run) collectProjects(ctx context.Context, apps []*unstructured.Unstructured) error {
	a, ok := r.res[argoProjects]
	if !ok || len(apps) == 0 {
		return nil
	}
	want := map[nsName]bool{}
	for _, u := range apps {
		name, _, _ := unstructured.NestedString(u.Object, "spec", "project")
		if name == "" {
			name = "default"
		}
		want[nsName{u.GetNamespace(), name}] = true
	}
	keys := make([]nsName, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].ns != keys[j].ns {
			return keys[i].ns < keys[j].ns
		}
		return keys[i].name < keys[j].name
	})
	var objs []*unstructured.Unstructured
	for _, k := range keys {
		u, err := r.dyn.Resource(a.gvr).Namespace(k.ns).Get(ctx, k.name, metav1.GetOptions{})
		if err != nil {
			if err := r.readFailed(argoProjects+"/"+k.name, k.ns, err); err != nil {
				return err
			}
			continue
		}
		objs = append(objs, u)
	}
	return r.writeObjects(argoProjects, objs)
}
