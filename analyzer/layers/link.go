package layers

import (
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// GitOps API groups.
const (
	groupFluxSource    = "source.toolkit.fluxcd.io"
	groupFluxKustomize = "kustomize.toolkit.fluxcd.io"
	groupFluxHelm      = "helm.toolkit.fluxcd.io"
	groupArgo          = "argoproj.io"
)

// gitops links live objects to the GitOps objects that manage them and to
// the Git sources and rendered manifests behind those. It is built once per
// Build, in one pass over the reconcilers and the rendered objects.
type gitops struct {
	ix *bundle.Index
	// inventory maps an object to the reconcilers listing it
	// (Kustomization status.inventory, Application status.resources).
	inventory map[bundle.Key][]*bundle.Object
	// sourceOf maps a reconciler to the bundle's Git source it renders.
	sourceOf map[*bundle.Object]*bundle.GitSource
	// apps are the Argo CD Applications by name.
	apps     map[string][]*bundle.Object
	rendered map[bundle.Key]renderedObj
	// unscoped holds rendered objects without a namespace whose reconciler
	// is not in the bundle, by group/kind/name: they are applied into the
	// namespace of whoever applies them.
	unscoped map[bundle.Key][]renderedObj
}

type renderedObj struct {
	obj *bundle.Object
	src *bundle.GitSource
	// by is the reconciler whose namespace defaulting placed the object.
	by *bundle.Object
}

func isGroup(o *bundle.Object, g string) bool { return apiGroup(o) == g }

func reconcilers(ix *bundle.Index) []*bundle.Object {
	var out []*bundle.Object
	for _, o := range ix.OfKind("Kustomization") {
		if isGroup(o, groupFluxKustomize) {
			out = append(out, o)
		}
	}
	for _, o := range ix.OfKind("Application") {
		if isGroup(o, groupArgo) {
			out = append(out, o)
		}
	}
	return out
}

func newGitOps(ix *bundle.Index, sources []*bundle.GitSource) *gitops {
	g := &gitops{ix: ix, inventory: map[bundle.Key][]*bundle.Object{},
		sourceOf: map[*bundle.Object]*bundle.GitSource{}, rendered: map[bundle.Key]renderedObj{},
		unscoped: map[bundle.Key][]renderedObj{}, apps: map[string][]*bundle.Object{}}
	for _, a := range ix.OfKind("Application") {
		if isGroup(a, groupArgo) {
			g.apps[a.GetName()] = append(g.apps[a.GetName()], a)
		}
	}
	bySrc := map[*bundle.GitSource][]*bundle.Object{}
	for _, r := range reconcilers(ix) {
		for _, k := range inventoryKeys(r) {
			g.inventory[k] = append(g.inventory[k], r)
		}
		if s := g.matchSource(sources, r); s != nil {
			g.sourceOf[r] = s
			bySrc[s] = append(bySrc[s], r)
		}
	}
	for _, s := range sources {
		for _, o := range s.Rendered {
			g.addRendered(o, s, bySrc[s])
		}
	}
	return g
}

func (g *gitops) addRendered(o *bundle.Object, s *bundle.GitSource, recs []*bundle.Object) {
	if len(recs) == 0 {
		k := o.Key()
		if k.Namespace == "" {
			g.unscoped[k] = append(g.unscoped[k], renderedObj{obj: o, src: s})
			return
		}
		if _, dup := g.rendered[k]; !dup {
			g.rendered[k] = renderedObj{obj: o, src: s}
		}
		return
	}
	for _, r := range recs {
		k := o.Key()
		k.Namespace = defaultNamespace(r, k.Namespace)
		if _, dup := g.rendered[k]; !dup {
			g.rendered[k] = renderedObj{obj: o, src: s, by: r}
		}
	}
}

// defaultNamespace places a rendered object the way its reconciler does:
// a Flux Kustomization's targetNamespace overrides the manifest, an Argo CD
// Application's destination namespace only fills a missing one.
func defaultNamespace(r *bundle.Object, ns string) string {
	if r.GetKind() == "Kustomization" {
		if t := str(r.Object, "spec", "targetNamespace"); t != "" {
			return t
		}
		if ns == "" {
			return r.GetNamespace()
		}
		return ns
	}
	if ns == "" {
		return str(r.Object, "spec", "destination", "namespace")
	}
	return ns
}

// renderedFor returns the rendered manifest that becomes live object k.
func (g *gitops) renderedFor(k bundle.Key) (renderedObj, bool) {
	if r, ok := g.rendered[k]; ok {
		return r, true
	}
	k.Namespace = ""
	if c := g.unscoped[k]; len(c) == 1 {
		return c[0], true
	}
	return renderedObj{}, false
}

// inventoryKeys lists what a reconciler says it applied.
func inventoryKeys(r *bundle.Object) []bundle.Key {
	var out []bundle.Key
	if r.GetKind() == "Kustomization" {
		for _, e := range maps(sliceAt(r.Object, "status", "inventory", "entries")) {
			// id is <namespace>_<name>_<group>_<Kind>; names cannot hold "_".
			p := strings.Split(str(e, "id"), "_")
			if len(p) == 4 {
				out = append(out, bundle.Key{Namespace: p[0], Name: p[1], Group: p[2], Kind: p[3]})
			}
		}
		return out
	}
	for _, e := range maps(sliceAt(r.Object, "status", "resources")) {
		out = append(out, bundle.Key{Group: str(e, "group"), Kind: str(e, "kind"), Namespace: str(e, "namespace"), Name: str(e, "name")})
	}
	return out
}

// sortObjects sorts objs by bundle.Ref.Less, reading each ref once.
func sortObjects(objs []*bundle.Object) {
	keyed := make([]refObject, len(objs))
	for i, o := range objs {
		keyed[i] = refObject{o.Ref(), o}
	}
	sort.Slice(keyed, func(i, j int) bool { return keyed[i].ref.Less(keyed[j].ref) })
	for i := range keyed {
		objs[i] = keyed[i].o
	}
}

type refObject struct {
	ref bundle.Ref
	o   *bundle.Object
}
