package layers

import (
	"fmt"
	"strings"
	"sync"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/health"
)

// Flux API groups whose objects follow the kstatus conditions fluxVerdict
// reads.
const (
	groupFluxNotification = "notification.toolkit.fluxcd.io"
	groupFluxImage        = "image.toolkit.fluxcd.io"
)

// goHealth declares the Go judgements to the health registry, keyed by
// group and kind: the controller semantics of the core workloads (pods,
// revisions, rollout strategies) and of the GitOps objects (revision
// chains) that a rule reading one object cannot express, and that run
// on every workload of every bundle, where Go is several times faster
// than Rego (BenchmarkJudge). decideGo holds their bodies.
var goHealth = []health.GoRule{
	{ID: "deployment", Title: "Deployment rollout", Kinds: []health.GroupKind{{Group: "apps", Kind: "Deployment"}}},
	{ID: "statefulset", Title: "StatefulSet rollout", Kinds: []health.GroupKind{{Group: "apps", Kind: "StatefulSet"}}},
	{ID: "daemonset", Title: "DaemonSet rollout", Kinds: []health.GroupKind{{Group: "apps", Kind: "DaemonSet"}}},
	{ID: "replicaset", Title: "ReplicaSet readiness", Kinds: []health.GroupKind{{Group: "apps", Kind: "ReplicaSet"}}},
	{ID: "job", Title: "Job completion", Kinds: []health.GroupKind{{Group: "batch", Kind: "Job"}}},
	{ID: "cronjob", Title: "CronJob and its latest Job", Kinds: []health.GroupKind{{Group: "batch", Kind: "CronJob"}}},
	{ID: "pod", Title: "Pod phase, containers and scheduling", Kinds: []health.GroupKind{{Kind: "Pod"}}},
	{ID: "service", Title: "Service endpoints and load balancer", Kinds: []health.GroupKind{{Kind: "Service"}}},
	{ID: "argocd-application", Title: "Argo CD Application sync and health", Kinds: []health.GroupKind{{Group: groupArgo, Kind: "Application"}}},
	{ID: "flux", Title: "Flux objects: kstatus conditions and the revision chain", Kinds: []health.GroupKind{
		{Group: groupFluxSource, Kind: "*"}, {Group: groupFluxKustomize, Kind: "*"}, {Group: groupFluxHelm, Kind: "*"},
		{Group: groupFluxNotification, Kind: "*"}, {Group: groupFluxImage, Kind: "*"},
	}},
}

// LoadHealth loads the health registry: the Go judgements of goHealth, the
// embedded Rego rules of policies/health and the health rules of dirs
// (--policy), which replace built-in ones for the kinds they claim.
func LoadHealth(dirs []string) (*health.Registry, error) {
	return health.Load(health.Options{PolicyDirs: dirs, Go: goHealth})
}

var (
	defaultOnce sync.Once
	defaultReg  *health.Registry
	defaultErr  error
)

// DefaultHealth is the registry without user rules, loaded once.
func DefaultHealth() (*health.Registry, error) {
	defaultOnce.Do(func() { defaultReg, defaultErr = LoadHealth(nil) })
	return defaultReg, defaultErr
}

// judge asks the registry which rule judges s: a Go judgement (decideGo,
// with the suspensions named as such), a Rego rule, else the kstatus
// fallback. An object none of them can read is unknown.
func (a *analysis) judge(s *subject) verdict {
	o := s.obj
	gk := health.Of(o)
	rule := a.reg.Lookup(gk)
	if rule != nil && rule.Origin == health.OriginGo {
		return suspension(o, rule.ID, a.decideGo(s))
	}
	res, ok := health.Result{}, false
	if rule != nil {
		res, ok = a.reg.Eval(rule, o)
	}
	return a.settle(o, gk, res, ok)
}

// settle finishes a judgement that is not a Go rule's: the Rego rule's
// result when ok, else the fallback's, else unknown. It keeps the result
// in a.judged for the evidence.
func (a *analysis) settle(o *bundle.Object, gk health.GroupKind, res health.Result, ok bool) verdict {
	if !ok {
		res, ok = health.Fallback(o)
	}
	if !ok {
		res = health.Result{Status: Unknown, Reason: fmt.Sprintf("no health rule for %s, and its status follows none of the conventions rift reads (observedGeneration, Ready/Available/Reconciling/Stalled conditions)", gk)}
	}
	a.verdictsMu.Lock()
	a.judged[o] = res
	a.verdictsMu.Unlock()
	return verdict{res.Status, res.Reason, ""}
}

// prejudge judges, before the workers start, every object of objs whose
// kind a Rego rule claims, as judge would one by one: the registry
// evaluates each rule over chunks of objects (health.Registry.EvalAll),
// which costs about two thirds of one evaluation per object
// (docs/performance.md). converge then finds their verdicts in its memo.
func (a *analysis) prejudge(objs []*bundle.Object) {
	evs := a.reg.EvalAll(objs)
	for i, ev := range evs {
		if ev.Rule == nil {
			continue
		}
		o := objs[i]
		v := a.settle(o, health.Of(o), ev.Result, ev.OK)
		a.verdictsMu.Lock()
		a.verdicts[o] = v
		a.verdictsMu.Unlock()
	}
}

// suspension names a reconciliation paused on purpose: spec.suspend of a
// Flux object, a CronJob or a Job that has not finished, and an Argo CD
// Application whose health is Suspended. A paused Deployment stays
// blocked: its rollout stands half done (BlockerPaused).
func suspension(o *bundle.Object, rule string, v verdict) verdict {
	switch rule {
	case "flux", "cronjob", "job":
		if boolAt(o.Object, "spec", "suspend") && (rule != "job" || v.status == Blocked) {
			return verdict{Suspended, "suspended (spec.suspend=true)", ""}
		}
	case "argocd-application":
		if v.status == Blocked && str(o.Object, "status", "health", "status") == "Suspended" {
			return verdict{Suspended, v.reason, ""}
		}
	}
	return v
}

// Judgement is the health of one object, for `rift health`.
type Judgement struct {
	Ref    bundle.Ref
	Result health.Result
}

// Judge judges every object of b that has a health judgement: every
// object whose kind has a rule (Go or Rego), and every other object that
// carries the conventions the fallback reads. Objects are judged as the
// layers judge them (the same memo, the same pods and events), in bundle
// order. reg nil means DefaultHealth.
func Judge(b *bundle.Bundle, reg *health.Registry) ([]Judgement, error) {
	a, err := newAnalysis(b, reg)
	if err != nil || a == nil {
		return nil, err
	}
	objs := a.b.Objects
	a.prejudge(objs)
	out := make([]*Judgement, len(objs))
	forEach(len(objs), func(i int) {
		o := objs[i]
		rule := a.reg.Lookup(health.Of(o))
		if rule == nil {
			if _, ok := health.Fallback(o); !ok {
				return
			}
		}
		s := &subject{obj: o}
		if rule != nil && rule.Origin == health.OriginGo {
			s = a.newSubject(o)
		}
		v := a.converge(s)
		res := health.Result{Status: v.status, Reason: v.reason}
		if rule != nil {
			res.Rule = rule.ID
		}
		a.verdictsMu.Lock()
		if j, ok := a.judged[o]; ok {
			res = j
		}
		a.verdictsMu.Unlock()
		out[i] = &Judgement{Ref: o.Ref(), Result: res}
	})
	var js []Judgement
	for _, j := range out {
		if j != nil {
			js = append(js, *j)
		}
	}
	return js, nil
}

// builtinGroups are the Kubernetes API groups with a dot whose kinds are
// not custom resources.
var builtinGroups = map[string]bool{
	"apiextensions.k8s.io": true, "apiregistration.k8s.io": true, "admissionregistration.k8s.io": true,
	"rbac.authorization.k8s.io": true, "networking.k8s.io": true, "storage.k8s.io": true,
	"scheduling.k8s.io": true, "coordination.k8s.io": true, "discovery.k8s.io": true, "node.k8s.io": true,
	"certificates.k8s.io": true, "events.k8s.io": true, "flowcontrol.apiserver.k8s.io": true,
	"resource.k8s.io": true, "authentication.k8s.io": true, "authorization.k8s.io": true,
	"internal.apiserver.k8s.io": true, "metrics.k8s.io": true,
}

// customSubjects lists the custom resources that are subjects of their
// own, in bundle order: those a GitOps reconciler in the bundle manages
// (by inventory, label or rendered manifest), since rift analyses
// rollouts, and whose health something can judge (a Rego rule for their
// kind, or the conventions the fallback reads). A custom resource nothing
// in the bundle applies is no rollout's subject; `rift health` judges it
// all the same. The workload kinds of Build and the GitOps objects are
// subjects already.
func (a *analysis) customSubjects() []*bundle.Object {
	byKind := map[health.GroupKind]*health.Rule{}
	var out []*bundle.Object
	for _, o := range a.b.Objects {
		gk := health.Of(o)
		if g, ok := workloadGroups[gk.Kind]; ok && g == gk.Group {
			continue
		}
		rule, seen := byKind[gk]
		if !seen {
			rule = a.reg.Lookup(gk)
			byKind[gk] = rule
		}
		if rule != nil && rule.Origin == health.OriginGo {
			continue
		}
		// The group test first: it is free, and rules out nearly every
		// object before the index is asked.
		if !isCustomGroup(gk.Group) {
			continue
		}
		if x, ok := a.ix.Get(o.Key()); !ok || x != o {
			continue // a duplicate the index does not hold
		}
		if !a.managed(o) {
			continue
		}
		if _, ok := health.Fallback(o); ok || rule != nil {
			out = append(out, o)
		}
	}
	return out
}

func isCustomGroup(g string) bool { return strings.Contains(g, ".") && !builtinGroups[g] }

// managed reports whether a GitOps reconciler in the bundle applies o.
func (a *analysis) managed(o *bundle.Object) bool {
	if len(a.g.inventory[o.Key()]) > 0 {
		return true
	}
	if _, ok := a.g.renderedFor(o.Key()); ok {
		return true
	}
	return label(o, "kustomize.toolkit.fluxcd.io/name") != "" || label(o, "helm.toolkit.fluxcd.io/name") != ""
}

// verdictEvidence cites a verdict; a Rego or fallback judgement also
// names its rule and the fields it read.
func (a *analysis) verdictEvidence(o *bundle.Object, v verdict) evidence.Evidence {
	e := evidence.Evidence{Object: refPtr(o), Message: v.status + ": " + v.reason}
	a.verdictsMu.Lock()
	res, ok := a.judged[o]
	a.verdictsMu.Unlock()
	if ok {
		e.Path = strings.Join(res.Fields, ", ")
		if res.Rule != "" {
			e.Message += " (health rule " + res.Rule + ")"
		}
	}
	return e
}
