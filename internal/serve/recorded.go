package serve

import (
	"slices"
	"sort"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// recorded is the API discovery a bundle holds (bundle.Discovery: the
// cluster's own groups and resource lists), indexed for resourceFor. It
// is the second source of a resource's names, scope and verbs, after the
// bundle's CRDs and before rift's table of built-in kinds.
type recorded struct {
	byGVK map[schema.GroupVersionKind]metav1.APIResource
	// byGK holds each kind at its group's most preferred version that
	// has it, for objects recorded at a version discovery did not list.
	byGK map[schema.GroupKind]metav1.APIResource
	// preferred is each group's preferred version.
	preferred map[string]string
	// order lists each group's resources as kubectl's preferred-resources
	// discovery does: for every group, each resource once, at the most
	// preferred version that serves it.
	order []schema.GroupVersionKind
}

// newRecorded indexes d; nil gives an empty index.
func newRecorded(d *bundle.Discovery) *recorded {
	rec := &recorded{byGVK: map[schema.GroupVersionKind]metav1.APIResource{}, byGK: map[schema.GroupKind]metav1.APIResource{}, preferred: map[string]string{}}
	if d == nil {
		return rec
	}
	for _, g := range d.Groups {
		if g.PreferredVersion.Version != "" {
			rec.preferred[g.Name] = g.PreferredVersion.Version
		}
	}
	lists := map[string][]metav1.APIResourceList{} // by group
	for _, l := range d.Resources {
		gv, err := schema.ParseGroupVersion(l.GroupVersion)
		if err != nil || gv.Version == "" {
			continue
		}
		lists[gv.Group] = append(lists[gv.Group], l)
	}
	groups := make([]string, 0, len(lists))
	for g := range lists {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	for _, g := range groups {
		ls := lists[g]
		pref := rec.preferred[g]
		// Preferred first, then by Kubernetes version order.
		sort.SliceStable(ls, func(i, j int) bool {
			vi, vj := versionOf(ls[i].GroupVersion), versionOf(ls[j].GroupVersion)
			if (vi == pref) != (vj == pref) {
				return vi == pref
			}
			return version.CompareKubeAwareVersionStrings(vi, vj) > 0
		})
		seen := map[string]bool{}
		for _, l := range ls {
			gv, _ := schema.ParseGroupVersion(l.GroupVersion)
			for _, r := range l.APIResources {
				if r.Name == "" || r.Kind == "" || strings.Contains(r.Name, "/") || len(readable(r.Verbs)) == 0 {
					continue
				}
				gvk := gv.WithKind(r.Kind)
				if _, dup := rec.byGVK[gvk]; dup {
					continue
				}
				rec.byGVK[gvk] = r
				if _, ok := rec.byGK[gvk.GroupKind()]; !ok {
					rec.byGK[gvk.GroupKind()] = r
				}
				if !seen[r.Name] {
					seen[r.Name] = true
					rec.order = append(rec.order, gvk)
				}
			}
		}
	}
	return rec
}

// lookup finds gvk's recorded resource, at its own version or else at
// another version of its group.
func (rec *recorded) lookup(gvk schema.GroupVersionKind) (metav1.APIResource, bool) {
	if r, ok := rec.byGVK[gvk]; ok {
		return r, true
	}
	r, ok := rec.byGK[gvk.GroupKind()]
	return r, ok
}

// readable keeps the verbs the server serves (get, list, watch) of a
// recorded resource's verbs: a bundle answers no write.
func readable(verbs []string) metav1.Verbs {
	out := metav1.Verbs{}
	for _, v := range readVerbs {
		if slices.Contains(verbs, v) {
			out = append(out, v)
		}
	}
	return out
}

func versionOf(groupVersion string) string {
	gv, _ := schema.ParseGroupVersion(groupVersion)
	return gv.Version
}
