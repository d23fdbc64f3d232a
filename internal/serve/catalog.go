package serve

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/kinds"
)

// resource is one served API resource at one group/version: what
// discovery says of it and the objects a list returns, sorted by
// namespace then name as etcd would return them.
type resource struct {
	gvk        schema.GroupVersionKind
	plural     string
	singular   string
	namespaced bool
	shortNames []string
	categories []string
	// columns are a CRD's additionalPrinterColumns for this version; nil
	// for built-in kinds, which have printers (printers.go).
	columns []crdColumn
	isCRD   bool
	// review marks a review resource: POST only, never listed.
	review bool

	objs []*bundle.Object
	// conv, when set, turns an object into this resource's API version as
	// it is served (events recorded through the other events API).
	conv func(map[string]any) map[string]any
	// lazy fills objs on first use (the hypothesis ledger, which costs an
	// analysis): discovery never waits for it.
	lazy    func() ([]*bundle.Object, error)
	once    sync.Once
	lazyErr error
}

// objects returns the resource's objects, computing lazy ones once.
func (r *resource) objects() ([]*bundle.Object, error) {
	if r.lazy != nil {
		r.once.Do(func() {
			r.objs, r.lazyErr = r.lazy()
			sortObjects(r.objs)
		})
	}
	return r.objs, r.lazyErr
}

// view is o as this resource serves it.
func (r *resource) view(o *bundle.Object) map[string]any {
	if r.conv != nil {
		return r.conv(o.Object)
	}
	return o.Object
}

// gvr is a resource's address in the API.
type gvr struct{ group, version, resource string }

// catalog is one bundle as an API: its resources by address and by
// group/version, the capture time tables count ages from, and the list
// resourceVersion.
type catalog struct {
	name    string
	b       *bundle.Bundle
	now     time.Time
	rv      string
	byGVR   map[gvr]*resource
	groups  []*group
	hyp     *hypotheses
	byGroup map[string]*group
}

// group is one API group with its versions, preferred first.
type group struct {
	name     string
	versions []string
	res      map[string][]*resource // version -> resources, sorted by plural
}

// crdInfo is what a CustomResourceDefinition says of its kind.
type crdInfo struct {
	plural, singular string
	namespaced       bool
	shortNames       []string
	categories       []string
	versions         []string               // served, in the CRD's order
	columns          map[string][]crdColumn // version -> columns
}

// newCatalog indexes b's objects by resource, once: every later request is
// a map lookup and a walk over one resource's sorted objects.
func newCatalog(name string, b *bundle.Bundle) *catalog {
	c := &catalog{name: name, b: b, now: b.CaptureTime, byGVR: map[gvr]*resource{}, byGroup: map[string]*group{}}
	crds := readCRDs(b.Objects)
	var maxRV int64
	seen := map[gvr]map[[2]string]bool{}
	for _, o := range b.Objects {
		apiVersion, kind, name := o.GetAPIVersion(), o.GetKind(), o.GetName()
		if apiVersion == "" || kind == "" || name == "" || strings.HasSuffix(kind, "List") {
			continue
		}
		gv, err := schema.ParseGroupVersion(apiVersion)
		if err != nil {
			continue
		}
		r := c.resourceFor(gv.WithKind(kind), crds, o)
		k := gvr{gv.Group, gv.Version, r.plural}
		id := [2]string{o.GetNamespace(), name}
		if seen[k] == nil {
			seen[k] = map[[2]string]bool{}
		}
		if seen[k][id] {
			continue
		}
		seen[k][id] = true
		if o.GetNamespace() != "" && !r.isCRD {
			if _, ok := kinds.Builtin[gv.WithKind(kind).GroupKind()]; !ok {
				r.namespaced = true
			}
		}
		r.objs = append(r.objs, o)
		if n, err := strconv.ParseInt(o.GetResourceVersion(), 10, 64); err == nil && n > maxRV {
			maxRV = n
		}
	}
	for gk, bi := range kinds.Builtin {
		if bi.Always {
			c.resourceFor(gk.WithVersion(bi.Version), crds, nil)
		}
	}
	for gk, ci := range crds {
		for _, v := range ci.versions {
			c.resourceFor(gk.WithVersion(v), crds, nil)
		}
	}
	c.mergeEvents()
	c.hyp = newHypotheses(c)
	c.add(c.hyp.resource())
	c.addAccessReviews()
	for _, r := range c.byGVR {
		sortObjects(r.objs)
	}
	c.rv = strconv.FormatInt(maxRV+1, 10)
	c.sortGroups()
	return c
}

// resourceFor returns the resource serving gvk, creating it from the
// bundle's CRD, the built-in table, the file o was read from, or
// apimachinery's guess, in that order.
func (c *catalog) resourceFor(gvk schema.GroupVersionKind, crds map[schema.GroupKind]*crdInfo, o *bundle.Object) *resource {
	gk := gvk.GroupKind()
	r := &resource{gvk: gvk, singular: strings.ToLower(gvk.Kind)}
	switch ci, bi := crds[gk], kinds.Builtin[gk]; {
	case ci != nil:
		r.plural, r.singular, r.namespaced = ci.plural, ci.singular, ci.namespaced
		r.shortNames, r.categories, r.columns, r.isCRD = ci.shortNames, ci.categories, ci.columns[gvk.Version], true
	case bi.Plural != "":
		r.plural, r.namespaced, r.shortNames, r.categories = bi.Plural, bi.Namespaced, bi.Short, bi.Categories
	default:
		r.plural = pluralFromFile(o, gvk.Group)
		if r.plural == "" {
			plural, _ := meta.UnsafeGuessKindToResource(gvk)
			r.plural = plural.Resource
		}
	}
	k := gvr{gvk.Group, gvk.Version, r.plural}
	if have := c.byGVR[k]; have != nil {
		return have
	}
	c.add(r)
	return r
}

// add files r under its address and its group.
func (c *catalog) add(r *resource) {
	c.byGVR[gvr{r.gvk.Group, r.gvk.Version, r.plural}] = r
	g := c.byGroup[r.gvk.Group]
	if g == nil {
		g = &group{name: r.gvk.Group, res: map[string][]*resource{}}
		c.byGroup[r.gvk.Group] = g
	}
	if g.res[r.gvk.Version] == nil {
		g.versions = append(g.versions, r.gvk.Version)
	}
	g.res[r.gvk.Version] = append(g.res[r.gvk.Version], r)
}

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
// (the highest by Kubernetes version order).
func (c *catalog) sortGroups() {
	c.groups = c.groups[:0]
	for _, g := range c.byGroup {
		sort.Slice(g.versions, func(i, j int) bool {
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
