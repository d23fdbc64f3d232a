package serve

import (
	"path"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/version"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// pluralFromFile reads the plural from the directory an importer read o
// from when it is named <plural>.<group> (rift bundles, troubleshoot's
// custom-resources).
func pluralFromFile(o *bundle.Object, group string) string {
	if o == nil || group == "" {
		return ""
	}
	for _, seg := range strings.Split(path.Dir(o.Source.File), "/") {
		if p, ok := strings.CutSuffix(seg, "."+group); ok && p != "" && !strings.Contains(p, ".") {
			return p
		}
	}
	return ""
}

// sortGroups orders groups as the API server does: the core group, then
// the built-in groups, then the rest by name; versions preferred first
// (the version the recorded discovery prefers, then the highest by
// Kubernetes version order).
func (c *catalog) sortGroups() {
	c.groups = c.groups[:0]
	for _, g := range c.byGroup {
		pref := c.rec.preferred[g.name]
		sort.Slice(g.versions, func(i, j int) bool {
			if vi, vj := g.versions[i], g.versions[j]; (vi == pref) != (vj == pref) {
				return vi == pref
			}
			return version.CompareKubeAwareVersionStrings(g.versions[i], g.versions[j]) > 0
		})
		for _, rs := range g.res {
			sort.Slice(rs, func(i, j int) bool { return rs[i].plural < rs[j].plural })
		}
		c.groups = append(c.groups, g)
	}
	rank := func(g *group) int {
		switch {
		case g.name == "":
			return 0
		case !strings.Contains(g.name, ".") || strings.HasSuffix(g.name, ".k8s.io"):
			return 1
		}
		return 2
	}
	sort.Slice(c.groups, func(i, j int) bool {
		if ri, rj := rank(c.groups[i]), rank(c.groups[j]); ri != rj {
			return ri < rj
		}
		return c.groups[i].name < c.groups[j].name
	})
}

// sortObjects sorts by namespace then name, reading each object's
// metadata once.
func sortObjects(objs []*bundle.Object) {
	type keyed struct {
		ns, name string
		o        *bundle.Object
	}
	ks := make([]keyed, len(objs))
	for i, o := range objs {
		ks[i] = keyed{o.GetNamespace(), o.GetName(), o}
	}
	sort.SliceStable(ks, func(i, j int) bool {
		if ks[i].ns != ks[j].ns {
			return ks[i].ns < ks[j].ns
		}
		return ks[i].name < ks[j].name
	})
	for i := range ks {
		objs[i] = ks[i].o
	}
}
