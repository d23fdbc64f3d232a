package serve

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

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
	// verbs are what discovery lists; nil means get, list and watch.
	verbs metav1.Verbs
	// scoped is set when the scope came from a CRD, the recorded
	// discovery or the built-in table; otherwise a kind is namespaced
	// when any of its objects has a namespace.
	scoped bool
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
	// rows are the Table rows encoded so far (table_cache.go).
	rows rowCache
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
	// crds and rec are the bundle's CustomResourceDefinitions and recorded
	// discovery, the first two sources of a resource's names and scope.
	crds map[schema.GroupKind]*crdInfo
	rec  *recorded
	// openapi and openapiV2 are built on the first request for them.
	openapi   openAPI
	openapiV2 openAPIV2
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
	versions         []string                  // served, in the CRD's order
	columns          map[string][]crdColumn    // version -> columns
	schemas          map[string]map[string]any // version -> openAPIV3Schema
}

// newCatalog indexes b's objects by resource, once: every later request is
// a map lookup and a walk over one resource's sorted objects.
func newCatalog(name string, b *bundle.Bundle) *catalog {
	c := &catalog{name: name, b: b, now: b.CaptureTime, byGVR: map[gvr]*resource{}, byGroup: map[string]*group{}}
	c.crds, c.rec = readCRDs(b.Objects), newRecorded(b.Discovery)
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
		r := c.resourceFor(gv.WithKind(kind), o)
		k := gvr{gv.Group, gv.Version, r.plural}
		id := [2]string{o.GetNamespace(), name}
		if seen[k] == nil {
			seen[k] = map[[2]string]bool{}
		}
		if seen[k][id] {
			continue
		}
		seen[k][id] = true
		if o.GetNamespace() != "" && !r.scoped {
			r.namespaced = true
		}
		r.objs = append(r.objs, o)
		if n, err := strconv.ParseInt(o.GetResourceVersion(), 10, 64); err == nil && n > maxRV {
			maxRV = n
		}
	}
	// Then the resources the bundle holds no object of: every one the
	// cluster's recorded discovery listed, the common built-ins, and every
	// served version of every CRD.
	for _, gvk := range c.rec.order {
		c.resourceFor(gvk, nil)
	}
	for gk, bi := range kinds.Builtin {
		if bi.Always {
			c.resourceFor(gk.WithVersion(bi.Version), nil)
		}
	}
	for gk, ci := range c.crds {
		for _, v := range ci.versions {
			c.resourceFor(gk.WithVersion(v), nil)
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
// bundle's CRD, the bundle's recorded discovery, the built-in table, the
// file o was read from, or apimachinery's guess, in that order.
func (c *catalog) resourceFor(gvk schema.GroupVersionKind, o *bundle.Object) *resource {
	gk := gvk.GroupKind()
	r := &resource{gvk: gvk, singular: strings.ToLower(gvk.Kind), scoped: true}
	ar, isRec := c.rec.lookup(gvk)
	if isRec {
		r.verbs = readable(ar.Verbs)
	}
	switch ci, bi := c.crds[gk], kinds.Builtin[gk]; {
	case ci != nil:
		r.plural, r.singular, r.namespaced = ci.plural, ci.singular, ci.namespaced
		r.shortNames, r.categories, r.columns, r.isCRD = ci.shortNames, ci.categories, ci.columns[gvk.Version], true
	case isRec:
		r.plural, r.namespaced, r.shortNames, r.categories = ar.Name, ar.Namespaced, ar.ShortNames, ar.Categories
		if ar.SingularName != "" {
			r.singular = ar.SingularName
		}
	case bi.Plural != "":
		r.plural, r.namespaced, r.shortNames, r.categories = bi.Plural, bi.Namespaced, bi.Short, bi.Categories
	default:
		r.scoped = false
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
