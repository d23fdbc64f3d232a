package layers

import (
	stdmaps "maps"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/analyzer/health"
	"github.com/rift-dev/rift/internal/memory"
)

// analysis holds the per-Build lookups, each built in one pass.
type analysis struct {
	b   *bundle.Bundle
	ix  *bundle.Index
	g   *gitops
	now time.Time
	// svcPods and podSvcs link core Services and the pods they select:
	// the bundle's facts.ServicePods, shared with the other stages, so
	// read only.
	svcPods map[*bundle.Object][]*bundle.Object
	podSvcs map[*bundle.Object][]*bundle.Object
	// selecting is the core Services with a selector, in bundle order.
	selecting []*bundle.Object
	// slices are EndpointSlices by namespace/service name.
	slices map[[2]string][]*bundle.Object
	// verdicts memoises converge per object; verdictsMu guards it, since
	// workloads are analysed in parallel.
	verdicts   map[*bundle.Object]verdict
	verdictsMu sync.Mutex
	// hostSvcs is built on first use by ingressBackends.
	hostSvcs map[string][]*bundle.Object
	// esByTarget is built on first use by externalSecrets.
	esByTarget map[[2]string][]*bundle.Object
	// reg judges each object's health; judged keeps, under verdictsMu,
	// the Rego and fallback judgements with the rule and fields they cite.
	reg    *health.Registry
	judged map[*bundle.Object]health.Result
}

// subject is one Workload being built.
type subject struct {
	obj      *bundle.Object
	pods     podSet
	owners   []*bundle.Object
	rendered renderedObj
	// hasRendered is true when a Git source renders this object.
	hasRendered bool
}

// Build rebuilds the layers, stages, divergences and convergence verdict of
// every subject in b: each workload (Deployment, StatefulSet, DaemonSet,
// ReplicaSet, Job and Pod whose owner is not in the bundle, CronJob), each
// Flux source, Kustomization and HelmRelease, each Argo CD Application, and
// each Service that selects a pod or that a route reaches. It does no I/O,
// never reads the clock (b.CaptureTime is "now"), and returns workloads
// sorted by kind, namespace and name. Its cost is linear in the number of objects.
//
// Build judges with DefaultHealth; BuildWith with the registry given (the
// user's health rules).
func Build(b *bundle.Bundle) []Workload {
	reg, err := DefaultHealth()
	if err != nil {
		panic("layers: the embedded health rules do not load: " + err.Error())
	}
	out, _ := BuildWith(b, reg)
	return out
}

// BuildWith is Build with a health registry: the rule that wins each
// object's group and kind judges its convergence, and every custom
// resource of a kind a Rego rule claims, or that a GitOps reconciler
// manages, is a subject of its own. reg nil means DefaultHealth.
func BuildWith(b *bundle.Bundle, reg *health.Registry) ([]Workload, error) {
	a, err := newAnalysis(b, reg)
	if err != nil || a == nil {
		return nil, err
	}
	// The Event index is the largest fact the workers read, and the first
	// worker to ask would build it while the others wait: it is built here
	// instead, on the second core, beside the serial selection below.
	var events sync.WaitGroup
	events.Go(func() { facts.IndexEvents(a.ix) })
	subs := a.subjects()
	// The lookups built on first use are built here instead, so that the
	// workloads, analysed in parallel, only read shared state (converge
	// locks its memo).
	a.ingressBackends()
	a.externalSecrets()
	events.Wait()
	// The Rego health rules judge the subjects whose kinds they claim in
	// batches, on every core, before the workers ask for any one verdict.
	// Their inputs and OPA's scratch are garbage once the verdicts are
	// kept (360 MB for 19,000 custom resources): the workers reuse that
	// memory rather than fresh pages (memory.Scratch, which collects only
	// under the analysing commands' policy, and only after that much).
	scratch := memory.Scratch()
	a.prejudge(subs)
	scratch()
	out := make([]Workload, len(subs))
	// Each subject's owners and pods are gathered in its worker: they only
	// read the index, and gathering them serially cost a tenth of the
	// layers' time at 100k objects.
	forEach(len(subs), func(i int) { out[i] = a.workload(a.newSubject(subs[i])) })
	sort.SliceStable(out, func(i, j int) bool { return out[i].Ref.Less(out[j].Ref) })
	linkWaits(a.ix, out)
	return out, nil
}

// newAnalysis builds the per-bundle lookups; nil for a nil bundle.
func newAnalysis(b *bundle.Bundle, reg *health.Registry) (*analysis, error) {
	if b == nil {
		return nil, nil
	}
	if reg == nil {
		var err error
		if reg, err = DefaultHealth(); err != nil {
			return nil, err
		}
	}
	ix := b.Index
	if ix == nil {
		ix = bundle.NewIndex(b.Objects, b.Logs)
	}
	a := &analysis{b: b, ix: ix, now: b.CaptureTime, slices: map[[2]string][]*bundle.Object{},
		verdicts: map[*bundle.Object]verdict{}, reg: reg, judged: map[*bundle.Object]health.Result{}}
	a.g = newGitOps(ix, b.Sources)
	a.indexServices()
	return a, nil
}

func (a *analysis) indexServices() {
	sel := facts.ServicePods(a.ix)
	a.svcPods, a.podSvcs, a.selecting = sel.Pods, sel.Services, sel.Selecting
	for _, es := range a.ix.OfKind("EndpointSlice") {
		if n := label(es, "kubernetes.io/service-name"); n != "" {
			k := [2]string{es.GetNamespace(), n}
			a.slices[k] = append(a.slices[k], es)
		}
	}
}

var workloadGroups = map[string]string{
	"Deployment": "apps", "StatefulSet": "apps", "DaemonSet": "apps", "ReplicaSet": "apps",
	"Job": "batch", "CronJob": "batch", "Pod": "",
	"GitRepository": groupFluxSource, "OCIRepository": groupFluxSource, "HelmRepository": groupFluxSource,
	"Kustomization": groupFluxKustomize, "HelmRelease": groupFluxHelm, "Application": groupArgo,
}

// workloadKinds is workloadGroups' keys, sorted.
var workloadKinds = slices.Sorted(stdmaps.Keys(workloadGroups))

// coveringOwners lists, for each kind reported through its owner, the
// owner kinds whose analysis covers it (group apps or batch).
var coveringOwners = map[string]map[string]bool{
	"ReplicaSet": {"Deployment": true},
	"Job":        {"CronJob": true},
	"Pod":        {"ReplicaSet": true, "StatefulSet": true, "DaemonSet": true, "Job": true},
}

// ownedInBundle is true when o's owner is in the bundle and is a workload
// whose analysis covers o. A pod owned by anything else (a Node for a
// static pod, an operator's custom resource) is a subject of its own, so
// it is not lost.
func (a *analysis) ownedInBundle(o *bundle.Object) bool {
	owner, ok := a.ix.Owner(o)
	if !ok {
		return false
	}
	g := apiGroup(owner)
	return coveringOwners[o.GetKind()][owner.GetKind()] && (g == "apps" || g == "batch")
}

func (a *analysis) subjects() []*bundle.Object {
	var out []*bundle.Object
	for _, kind := range workloadKinds {
		group := workloadGroups[kind]
		for _, o := range a.ix.OfKind(kind) {
			if apiGroup(o) != group {
				continue
			}
			switch kind {
			case "ReplicaSet", "Job", "Pod":
				if a.ownedInBundle(o) {
					continue
				}
			}
			out = append(out, o)
		}
	}
	for _, svc := range a.selecting {
		// A Service that selects no pod is a subject too when a route
		// sends users to it: its routed path is the one they meet.
		if len(a.svcPods[svc]) > 0 || len(a.routes().Routes[svc]) > 0 {
			out = append(out, svc)
		}
	}
	out = append(out, a.customSubjects()...)
	// Refs are read once, not twice per comparison: reading one walks the
	// object's maps. Same comparisons, so the same order.
	keyed := make([]refSubject, len(out))
	for i, s := range out {
		keyed[i] = refSubject{s.Ref(), s}
	}
	// Stable, over kinds in a fixed order: two objects with one ref (a
	// duplicate in the capture) keep the bundle's order on every run.
	sort.SliceStable(keyed, func(i, j int) bool { return keyed[i].ref.Less(keyed[j].ref) })
	for i := range keyed {
		out[i] = keyed[i].s
	}
	return out
}

type refSubject struct {
	ref bundle.Ref
	s   *bundle.Object
}

func (a *analysis) newSubject(o *bundle.Object) *subject {
	s := &subject{obj: o, owners: a.g.owners(o)}
	if podKinds[o.GetKind()] {
		s.pods = podsOf(a.ix, o)
	}
	s.rendered, s.hasRendered = a.g.renderedFor(o.Key())
	return s
}

func (a *analysis) workload(s *subject) Workload {
	w := Workload{Ref: s.obj.Ref(), Pods: podStates(s.pods)}
	for _, r := range s.owners {
		w.Owners = append(w.Owners, r.Ref())
	}
	w.Divergences = a.divergences(s)
	w.Apply = a.applyState(s)
	w.Layers = a.layers(s, w.Divergences)
	w.Stages = a.stages(s, w.Divergences)
	v := a.converge(s)
	if v.status == Converged {
		v = a.driftVerdict(s, w.Divergences, v)
	}
	w.Convergence, w.ConvergenceReason, w.Blocker = v.status, v.reason, v.blocker
	if w.Divergences == nil {
		w.Divergences = []Divergence{}
	}
	return w
}
