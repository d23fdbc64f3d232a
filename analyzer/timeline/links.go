package timeline

import (
	"regexp"
	"slices"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"k8s.io/apimachinery/pkg/types"
)

// linker maps objects to the chains (workloads and GitOps objects) they
// belong to. Every link is ownership (ownerReferences, Workload.Pods,
// Workload.Owners), a reference (sourceRef, repoURL, a Secret or ConfigMap
// named by a pod spec, an ExternalSecret's target, a controller event
// naming the pod it created) or a revision, never a similar name or a
// close timestamp.
type linker struct {
	ix          *bundle.Index
	chains      map[bundle.Key][]bundle.Ref
	gitChains   map[string][]bundle.Ref
	podParent   map[bundle.Key]bundle.Key
	convergence map[string]string
	roots       map[types.UID]*bundle.Object
}

func newLinker(b *bundle.Bundle, ix *bundle.Index, ws []layers.Workload) *linker {
	lk := &linker{ix: ix, chains: map[bundle.Key][]bundle.Ref{}, gitChains: map[string][]bundle.Ref{},
		podParent: map[bundle.Key]bundle.Key{}, convergence: map[string]string{}, roots: map[types.UID]*bundle.Object{}}
	deps := newDepIndex(ix)
	for _, w := range ws {
		lk.convergence[w.Ref.String()] = w.Convergence
		lk.addWorkload(b, w, deps)
	}
	lk.indexControllerEvents()
	return lk
}

func (lk *linker) member(k bundle.Key, w bundle.Ref) {
	cur := lk.chains[k]
	if len(cur) > 0 && cur[len(cur)-1] == w {
		return
	}
	lk.chains[k] = append(cur, w)
}

// addWorkload records the members of w's chain: w, its descendants by
// ownerReferences, its pods, its GitOps owners and their sources, and the
// dependencies its pod template names.
func (lk *linker) addWorkload(b *bundle.Bundle, w layers.Workload, deps *depIndex) {
	lk.member(w.Ref.Key(), w.Ref)
	var members []*bundle.Object
	if o, ok := lk.ix.Get(w.Ref.Key()); ok {
		members = append(members, o)
		frontier := []*bundle.Object{o}
		for depth := 0; depth < 3 && len(frontier) > 0; depth++ {
			var next []*bundle.Object
			for _, p := range frontier {
				for _, c := range lk.ix.Children(p.GetUID()) {
					if !bundle.IsEvent(c) {
						next = append(next, c)
					}
				}
			}
			members = append(members, next...)
			frontier = next
		}
	}
	for _, p := range w.Pods {
		k := bundle.Key{Kind: "Pod", Namespace: w.Ref.Namespace, Name: p.Name}
		lk.member(k, w.Ref)
		if o, ok := lk.ix.Get(k); ok {
			members = append(members, o)
		}
	}
	for _, m := range members {
		lk.member(m.Key(), w.Ref)
		for _, d := range deps.of(m) {
			lk.member(d, w.Ref)
		}
	}
	for _, g := range append([]bundle.Ref{w.Ref}, w.Owners...) {
		lk.member(g.Key(), w.Ref)
		lk.addGitOps(b, g, w.Ref)
	}
}

// addGitOps links a GitOps object's source to chain w: Flux sourceRef and
// chart sourceRef, and the bundle's Git sources by repository URL.
func (lk *linker) addGitOps(b *bundle.Bundle, g bundle.Ref, w bundle.Ref) {
	o, ok := lk.ix.Get(g.Key())
	if !ok {
		return
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
		for _, src := range lk.ix.OfKind(str(sr, "kind")) {
			if src.GetNamespace() == ns && src.GetName() == str(sr, "name") {
				lk.member(src.Key(), w)
				urls = append(urls, str(src.Object, "spec", "url"))
			}
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
			if u != "" && normURL(u) == normURL(s.URL) && !slices.Contains(lk.gitChains[s.Name], w) {
				lk.gitChains[s.Name] = append(lk.gitChains[s.Name], w)
			}
		}
	}
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

// createdPod matches the controller events that name the pod they created
// or deleted (ReplicaSet, Job, DaemonSet, StatefulSet controllers).
var createdPod = regexp.MustCompile(`^(?:Created|Deleted) pod: (\S+)$|^(?:create|delete) Pod (\S+) in \S+ \S+ (?:successful|failed)`)

// indexControllerEvents maps pods that are gone from the bundle to the
// controller whose events name them, so that their events (which outlive
// the pods) still reach the workload's chain.
func (lk *linker) indexControllerEvents() {
	for _, e := range lk.ix.OfKind("Event") {
		if !bundle.IsEvent(e) {
			continue
		}
		oc, ok := readEvent(e)
		if !ok || !workloadKinds[oc.involved.Kind] {
			continue
		}
		m := createdPod.FindStringSubmatch(oc.message)
		if m == nil {
			continue
		}
		name := m[1] + m[2]
		pk := bundle.Key{Kind: "Pod", Namespace: oc.involved.Namespace, Name: name}
		if _, seen := lk.podParent[pk]; !seen {
			lk.podParent[pk] = oc.involved.Key()
		}
	}
}
