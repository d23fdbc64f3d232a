package timeline

import (
	"slices"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// gitopsLinks are what one GitOps object references: its source objects
// and the bundle's Git sources with the same repository URL.
type gitopsLinks struct {
	members []bundle.Key
	sources []string
}

// addGitOps links a GitOps object's source to chain w: Flux sourceRef and
// chart sourceRef, and the bundle's Git sources by repository URL. The
// references of each GitOps object are resolved once, however many
// workloads it manages.
func (lk *linker) addGitOps(b *bundle.Bundle, g bundle.Ref, w bundle.Ref) {
	gl, ok := lk.gitops[g.Key()]
	if !ok {
		gl = lk.resolveGitOps(b, g)
		lk.gitops[g.Key()] = gl
	}
	for _, k := range gl.members {
		lk.member(k, w)
	}
	for _, s := range gl.sources {
		if id := s + "\x00" + w.String(); !lk.gitSeen[id] {
			lk.gitSeen[id] = true
			lk.gitChains[s] = append(lk.gitChains[s], w)
		}
	}
}

func (lk *linker) resolveGitOps(b *bundle.Bundle, g bundle.Ref) gitopsLinks {
	var gl gitopsLinks
	o, ok := lk.ix.Get(g.Key())
	if !ok {
		return gl
	}
	var urls []string
	for _, path := range [][]string{{"spec", "sourceRef"}, {"spec", "chart", "spec", "sourceRef"}, {"spec", "chartRef"}} {
		sr := mapAt(o.Object, path...)
		if sr == nil {
			continue
		}
		ns := str(sr, "namespace")
		if ns == "" {
			ns = o.GetNamespace()
		}
		for _, src := range lk.named(str(sr, "kind"), ns, str(sr, "name")) {
			gl.members = append(gl.members, src.Key())
			urls = append(urls, str(src.Object, "spec", "url"))
		}
	}
	if g.Kind == "Application" {
		urls = append(urls, str(o.Object, "spec", "source", "repoURL"))
		for _, s := range list(o.Object, "spec", "sources") {
			sm, _ := s.(map[string]any)
			urls = append(urls, str(sm, "repoURL"))
		}
	}
	for _, s := range b.Sources {
		for _, u := range urls {
			if u != "" && normURL(u) == normURL(s.URL) && !slices.Contains(gl.sources, s.Name) {
				gl.sources = append(gl.sources, s.Name)
			}
		}
	}
	return gl
}

// named returns the objects of kind (any group) with namespace ns and
// name, in bundle order. The objects of a kind are indexed by name on
// first use, so that resolving every GitOps object's source stays linear.
func (lk *linker) named(kind, ns, name string) []*bundle.Object {
	byName, ok := lk.byName[kind]
	if !ok {
		byName = map[[2]string][]*bundle.Object{}
		for _, o := range lk.ix.OfKind(kind) {
			k := [2]string{o.GetNamespace(), o.GetName()}
			byName[k] = append(byName[k], o)
		}
		lk.byName[kind] = byName
	}
	return byName[[2]string{ns, name}]
}

// normURL compares repository URLs the way Git hosts resolve them: scheme,
// user, a trailing slash and a ".git" suffix do not matter.
func normURL(u string) string {
	u = strings.ToLower(strings.TrimSpace(u))
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	if i := strings.Index(u, "@"); i >= 0 {
		u = u[i+1:]
	}
	u = strings.Replace(u, ":", "/", 1)
	return strings.TrimSuffix(strings.TrimSuffix(u, "/"), ".git")
}
