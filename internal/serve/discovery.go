package serve

import (
	"net/http"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/version"
)

// readVerbs are the verbs every served resource has.
var readVerbs = metav1.Verbs{"get", "list", "watch"}

// version is /version. The bundle does not record its cluster's version,
// so the server states the API level it speaks, marked as rift's.
func (c *catalog) version() version.Info {
	return version.Info{Major: "1", Minor: "36", GitVersion: "v1.36.0+rift-serve", Platform: "bundle/" + string(c.b.Format)}
}

// serveAPIVersions is /api: the core group's versions. Clients that ask
// for aggregated discovery get this legacy document (Content-Type
// application/json), which they accept as the fallback.
func (c *catalog) serveAPIVersions(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, metav1.APIVersions{
		TypeMeta: metav1.TypeMeta{Kind: "APIVersions"},
		Versions: []string{"v1"},
		ServerAddressByClientCIDRs: []metav1.ServerAddressByClientCIDR{
			{ClientCIDR: "0.0.0.0/0", ServerAddress: r.Host},
		},
	})
}

// serveGroups is /apis: every named group, with its versions preferred
// first.
func (c *catalog) serveGroups(w http.ResponseWriter) {
	l := metav1.APIGroupList{TypeMeta: metav1.TypeMeta{Kind: "APIGroupList", APIVersion: "v1"}, Groups: []metav1.APIGroup{}}
	for _, g := range c.groups {
		if g.name != "" {
			l.Groups = append(l.Groups, apiGroup(g))
		}
	}
	writeJSON(w, http.StatusOK, l)
}

func apiGroup(g *group) metav1.APIGroup {
	ag := metav1.APIGroup{TypeMeta: metav1.TypeMeta{Kind: "APIGroup", APIVersion: "v1"}, Name: g.name}
	for _, v := range g.versions {
		ag.Versions = append(ag.Versions, metav1.GroupVersionForDiscovery{GroupVersion: g.name + "/" + v, Version: v})
	}
	ag.PreferredVersion = ag.Versions[0]
	return ag
}

// serveGroup is /apis/GROUP.
func (c *catalog) serveGroup(w http.ResponseWriter, name string) {
	g := c.byGroup[name]
	if g == nil || name == "" {
		writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "rift serve: the bundle holds no API group %q", name)
		return
	}
	writeJSON(w, http.StatusOK, apiGroup(g))
}

// serveResourceList is /api/v1 or /apis/GROUP/VERSION.
func (c *catalog) serveResourceList(w http.ResponseWriter, group, ver string) {
	g := c.byGroup[group]
	if g == nil || g.res[ver] == nil {
		writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "rift serve: the bundle holds no API group version %q", groupVersion(group, ver))
		return
	}
	l := metav1.APIResourceList{TypeMeta: metav1.TypeMeta{Kind: "APIResourceList", APIVersion: "v1"}, GroupVersion: groupVersion(group, ver)}
	for _, r := range g.res[ver] {
		l.APIResources = append(l.APIResources, metav1.APIResource{
			Name:         r.plural,
			SingularName: r.singular,
			Namespaced:   r.namespaced,
			Kind:         r.gvk.Kind,
			Verbs:        verbs(r),
			ShortNames:   r.shortNames,
			Categories:   r.categories,
		})
		if group == "" && r.plural == "pods" {
			l.APIResources = append(l.APIResources, metav1.APIResource{Name: "pods/log", Namespaced: true, Kind: "Pod", Verbs: metav1.Verbs{"get"}})
		}
	}
	writeJSON(w, http.StatusOK, l)
}

func groupVersion(group, ver string) string {
	if group == "" {
		return ver
	}
	return group + "/" + ver
}

func verbs(r *resource) metav1.Verbs {
	switch {
	case r.review:
		return metav1.Verbs{"create"}
	case r.verbs != nil:
		return r.verbs
	}
	return readVerbs
}
