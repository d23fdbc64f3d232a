package timeline

import (
	"regexp"
	"slices"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
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
	sorted      map[bundle.Key][]bundle.Ref // sortedChain's memo
	gitChains   map[string][]bundle.Ref
	podParent   map[bundle.Key]bundle.Key
	convergence map[string]string
	roots       map[types.UID]*bundle.Object
	gitops      map[bundle.Key]gitopsLinks
	gitSeen     map[string]bool
	byName      map[string]map[[2]string][]*bundle.Object // named's index
	// waiting are the reconcilers that failed waiting for the workloads
	// they applied (layers.Workload.WaitsOn).
	waiting map[bundle.Key]bool
}

func newLinker(b *bundle.Bundle, ix *bundle.Index, ws []layers.Workload) *linker {
	lk := &linker{ix: ix, chains: map[bundle.Key][]bundle.Ref{}, sorted: map[bundle.Key][]bundle.Ref{}, gitChains: map[string][]bundle.Ref{},
		podParent: map[bundle.Key]bundle.Key{}, convergence: map[string]string{}, roots: map[types.UID]*bundle.Object{},
		gitops: map[bundle.Key]gitopsLinks{}, gitSeen: map[string]bool{},
		byName: map[string]map[[2]string][]*bundle.Object{}, waiting: map[bundle.Key]bool{}}
	deps := newDepIndex(ix)
	for _, w := range ws {
		lk.convergence[w.Ref.String()] = w.Convergence
		if len(w.WaitsOn) > 0 {
			lk.waiting[w.Ref.Key()] = true
		}
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
	// What belongs to w also belongs to the GitOps objects that manage it:
	// pod -> ReplicaSet -> Deployment -> Kustomization or Application.
	chains := append([]bundle.Ref{w.Ref}, w.Owners...)
	join := func(k bundle.Key) {
		for _, c := range chains {
			lk.member(k, c)
		}
	}
	join(w.Ref.Key())
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
		join(k)
		if o, ok := lk.ix.Get(k); ok {
			members = append(members, o)
		}
	}
	for _, m := range members {
		join(m.Key())
		for _, d := range deps.of(m) {
			join(d)
		}
	}
	for _, g := range chains {
		lk.member(g.Key(), w.Ref)
		lk.addGitOps(b, g, w.Ref)
	}
}

// createdPod matches the controller events that name the pod they created
// or deleted (ReplicaSet, Job, DaemonSet, StatefulSet controllers).
var createdPod = regexp.MustCompile(`^(?:Created|Deleted) pod: (\S+)$|^(?:create|delete) Pod (\S+) in \S+ \S+ (?:successful|failed)`)

// podVerbs are the prefixes a message needs for createdPod to match it.
var podVerbs = []string{"Created pod: ", "Deleted pod: ", "create Pod ", "delete Pod "}

// mayNamePod reports whether event e's message starts the way createdPod
// requires: most events do not, and are passed over without matching the
// expression.
func mayNamePod(e *facts.Event) bool {
	return slices.ContainsFunc(podVerbs, func(p string) bool { return strings.HasPrefix(e.Message, p) })
}

// indexControllerEvents maps pods that are gone from the bundle to the
// controller whose events name them, so that their events (which outlive
// the pods) still reach the workload's chain.
func (lk *linker) indexControllerEvents() {
	evs := facts.Events(lk.ix)
	for i := range evs {
		e := &evs[i]
		if !mayNamePod(e) || e.Precision == "" || !workloadKinds[e.Involved.Kind] {
			continue
		}
		m := createdPod.FindStringSubmatch(e.Message)
		if m == nil {
			continue
		}
		name := m[1] + m[2]
		pk := bundle.Key{Kind: "Pod", Namespace: e.Involved.Namespace, Name: name}
		if _, seen := lk.podParent[pk]; !seen {
			lk.podParent[pk] = e.Involved.Key()
		}
	}
}
