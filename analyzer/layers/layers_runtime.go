package layers

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/facts"
)

// runtimeLayer reports the workload's pods: the revision each runs, phase,
// readiness, restarts, node and the most telling reason.
func (a *analysis) runtimeLayer(s *subject, divs []Divergence) Layer {
	l := Layer{Name: LayerRuntime, Status: StatusOK}
	if !podKinds[s.obj.GetKind()] {
		l.Status = StatusNotApplicable
		l.Evidence = []evidence.Evidence{{Message: "no pods of its own"}}
		return l
	}
	pods := s.pods.pods
	if len(pods) == 0 {
		l.Status = StatusUnknown
		msg := "no pods of this workload in the bundle"
		if a.notCollected("pods", s.obj.GetNamespace()) {
			msg = "pods were not collected in this namespace"
		} else if s.obj.GetKind() == "Deployment" && a.notCollected("replicasets", s.obj.GetNamespace()) {
			msg = "ReplicaSets were not collected, so the Deployment's pods cannot be reached through ownership"
		} else if want, ok := num(s.obj.Object, "spec", "replicas"); ok && want == 0 {
			l.Status = StatusNotApplicable
			msg = "scaled to zero"
		}
		l.Evidence = []evidence.Evidence{{Object: refPtr(s.obj), Message: msg}}
		return l
	}
	var names, revs []string
	seenRev := map[string]bool{}
	for _, p := range pods {
		names = append(names, p.GetName())
		st := StatusOK
		switch {
		case podFailing(p) != "":
			st = StatusFailed
		case !podReady(p) && len(eventsWithReason(a.ix, p, "Unhealthy")) > 0:
			st = StatusFailed
		case !s.pods.isCurrent(p):
			st = StatusProgressing
		case !podReady(p) && str(p.Object, "status", "phase") != "Succeeded":
			st = StatusProgressing
		}
		l.Status = worse(l.Status, st)
		msg := fmt.Sprintf("%s, ready=%t, restarts=%d, node %s", orNone(str(p.Object, "status", "phase")), podReady(p),
			podRestarts(p), orNone(str(p.Object, "spec", "nodeName")))
		if rev := s.pods.rev(p); rev != "" {
			msg += ", " + s.pods.revLabel + " " + rev
			if !seenRev[rev] {
				seenRev[rev] = true
				revs = append(revs, rev)
			}
		}
		if r := podReason(p); r != "" {
			msg += ", reason " + r
		}
		if !s.pods.isCurrent(p) {
			msg += " (older than the current template)"
		}
		l.Evidence = append(l.Evidence, ev(p, "status", msg, created(p)))
	}
	for i := range divs {
		// By index: a range variable whose field's address is taken
		// would be a heap copy of the whole Divergence per iteration.
		d := &divs[i]
		if d.Between[0] == LayerController {
			l.Status = worse(l.Status, StatusProgressing)
			l.Evidence = append(l.Evidence, evidence.Evidence{Object: &d.Object, Path: d.Path, Message: "differs from the controller's pod template"})
		}
	}
	// The runtime is at the revisions its pods run, which is exactly what
	// differs from the controller layer when a rollout is stuck.
	sort.Strings(revs)
	l.Identity = strings.Join(names, ", ")
	l.Revision = strings.Join(revs, ", ")
	return l
}

// externalLayer reports the recorded checks that target the object, a
// Service routing to it, or a URL whose host an Ingress or Gateway route
// sends to one of those Services, and what the routed path's logs say
// about those Services (an ingress controller's or gateway's 5xx for
// their upstream, a controller saying they have no endpoints). The
// Services include those that selected the workload's pods until its pod
// labels changed. It is unknown only when nothing in the bundle speaks
// about the path.
func (a *analysis) externalLayer(s *subject) Layer {
	l := Layer{Name: LayerExternal, Status: StatusUnknown}
	ref := s.obj.Ref()
	targets := map[string]bool{ref.String(): true, ref.Namespace + "/" + ref.Name: true}
	svcs := map[*bundle.Object]bool{}
	var list []*bundle.Object
	if facts.IsCoreService(s.obj) {
		svcs[s.obj] = true
		list = append(list, s.obj)
	}
	former, _ := a.formerServices(s)
	for _, svc := range append(a.servicesOf(s), former...) {
		targets[svc.Ref().String()] = true
		svcs[svc] = true
		list = append(list, svc)
	}
	for _, c := range a.b.Checks {
		via := ""
		if !targets[c.Target] {
			if via = a.routedBy(c.Target, svcs); via == "" {
				continue
			}
		}
		st := StatusOK
		if !c.OK {
			st = StatusFailed
		}
		if l.Status == StatusUnknown {
			l.Status = st
		}
		l.Status = worse(l.Status, st)
		msg := fmt.Sprintf("check %s on %s: ok=%t %s", c.Name, c.Target, c.OK, c.Detail)
		if via != "" {
			msg += " (routed by " + via + ")"
		}
		l.Evidence = append(l.Evidence, evidence.Evidence{File: c.File, Time: c.Time, Message: strings.TrimSpace(msg)})
	}
	if st, e, ok := a.routeFailures(list, false); ok {
		l.Status = st
		l.Evidence = append(l.Evidence, e...)
	}
	if len(l.Evidence) == 0 {
		msg := "no recorded check targets this object"
		if names := a.routeNames(list); len(names) > 0 {
			msg = "routed by " + strings.Join(names, "; ") + "; no recorded check or access log speaks about it"
		}
		l.Evidence = []evidence.Evidence{{Message: msg}}
	}
	return l
}

// notCollected reports whether the collector could not read resource in
// ns (or cluster-wide).
func (a *analysis) notCollected(resource, ns string) bool {
	for _, n := range a.b.Meta.NotCollected {
		r := n.Resource
		if i := strings.Index(r, "."); i >= 0 {
			r = r[:i]
		}
		if r == resource && (n.Namespace == "" || n.Namespace == ns) {
			return true
		}
	}
	return false
}
