package layers

import (
	"path"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// owners returns the reconcilers that manage o, through Flux labels, the
// Argo CD tracking annotation or instance label, and inventories. Never by
// name similarity.
func (g *gitops) owners(o *bundle.Object) []*bundle.Object {
	seen := map[*bundle.Object]bool{}
	var out []*bundle.Object
	add := func(r *bundle.Object, ok bool) {
		if ok && r != nil && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	if n := label(o, "kustomize.toolkit.fluxcd.io/name"); n != "" {
		add(g.ix.Get(bundle.Key{Group: groupFluxKustomize, Kind: "Kustomization", Namespace: label(o, "kustomize.toolkit.fluxcd.io/namespace"), Name: n}))
	}
	if n := label(o, "helm.toolkit.fluxcd.io/name"); n != "" {
		add(g.ix.Get(bundle.Key{Group: groupFluxHelm, Kind: "HelmRelease", Namespace: label(o, "helm.toolkit.fluxcd.io/namespace"), Name: n}))
	}
	if app, ok := g.trackedBy(o); ok {
		add(app, true)
	}
	for _, r := range g.inventory[o.Key()] {
		add(r, true)
	}
	if inst := label(o, "app.kubernetes.io/instance"); inst != "" && len(out) == 0 {
		// Helm charts set the same label, so an Application of that name
		// counts only when it deploys into this namespace.
		for _, a := range g.apps[inst] {
			if str(a.Object, "spec", "destination", "namespace") == o.GetNamespace() {
				add(a, true)
			}
		}
	}
	sortObjects(out)
	return out
}

// trackedBy resolves argocd.argoproj.io/tracking-id,
// "<app>:<group>/<Kind>:<namespace>/<name>", where <app> may be
// "<namespace>_<app>". The id must describe o itself: a copied annotation
// does not make an object managed.
func (g *gitops) trackedBy(o *bundle.Object) (*bundle.Object, bool) {
	id := annotation(o, "argocd.argoproj.io/tracking-id")
	parts := strings.SplitN(id, ":", 3)
	if len(parts) != 3 {
		return nil, false
	}
	gk, nn := parts[1], parts[2]
	k := o.Key()
	if gk != k.Group+"/"+k.Kind || (nn != k.Namespace+"/"+k.Name && nn != "/"+k.Name) {
		return nil, false
	}
	appNS, app := "", parts[0]
	if i := strings.Index(app, "_"); i >= 0 {
		appNS, app = app[:i], app[i+1:]
	}
	for _, a := range g.apps[app] {
		if appNS == "" || a.GetNamespace() == appNS {
			return a, true
		}
	}
	return nil, false
}

// sourceObject returns the Flux source a Kustomization or HelmRelease
// reads from, when it is in the bundle.
func (g *gitops) sourceObject(r *bundle.Object) (*bundle.Object, bool) {
	ref := mapAt(r.Object, "spec", "sourceRef")
	if ref == nil {
		ref = mapAt(r.Object, "spec", "chart", "spec", "sourceRef")
	}
	if ref == nil {
		ref = mapAt(r.Object, "spec", "chartRef")
	}
	if ref == nil {
		return nil, false
	}
	ns := str(ref, "namespace")
	if ns == "" {
		ns = r.GetNamespace()
	}
	kind := str(ref, "kind")
	for _, grp := range []string{groupFluxSource} {
		if o, ok := g.ix.Get(bundle.Key{Group: grp, Kind: kind, Namespace: ns, Name: str(ref, "name")}); ok {
			return o, true
		}
	}
	return nil, false
}

// repoOf returns the repository URLs and paths a reconciler renders: a
// Flux object's source URL and spec.path, or each source of an Argo CD
// Application (spec.source, or every entry of spec.sources).
func (g *gitops) repoOf(r *bundle.Object) [][2]string {
	if r.GetKind() == "Application" {
		srcs := maps(sliceAt(r.Object, "spec", "sources"))
		if src := mapAt(r.Object, "spec", "source"); src != nil {
			srcs = []map[string]any{src}
		}
		var out [][2]string
		for _, src := range srcs {
			out = append(out, [2]string{str(src, "repoURL"), str(src, "path")})
		}
		return out
	}
	if so, ok := g.sourceObject(r); ok {
		return [][2]string{{str(so.Object, "spec", "url"), str(r.Object, "spec", "path")}}
	}
	return nil
}

// matchSource finds the bundle Git source a reconciler renders: same
// repository URL, and the same path when several sources share the URL.
func (g *gitops) matchSource(srcs []*bundle.GitSource, r *bundle.Object) *bundle.GitSource {
	for _, rp := range g.repoOf(r) {
		url, dir := rp[0], rp[1]
		if url == "" {
			continue
		}
		var cands []*bundle.GitSource
		for _, s := range srcs {
			if normURL(s.URL) == normURL(url) {
				cands = append(cands, s)
			}
		}
		for _, s := range cands {
			if normDir(s.Path) == normDir(dir) {
				return s
			}
		}
		if len(cands) == 1 {
			return cands[0]
		}
	}
	return nil
}

func normURL(u string) string {
	u = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(u)), "/"), ".git")
	for _, p := range []string{"https://", "http://", "ssh://", "git@"} {
		u = strings.TrimPrefix(u, p)
	}
	return strings.Replace(u, ":", "/", 1)
}

func normDir(d string) string {
	d = path.Clean("/" + strings.TrimSpace(d))
	return strings.TrimPrefix(d, "/")
}
