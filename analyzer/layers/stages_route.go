package layers

import (
	"fmt"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

func (a *analysis) readyStage(s *subject, pods []*bundle.Object) Stage {
	if len(pods) == 0 {
		return noPods(StageReady)
	}
	st := StatusOK
	var e []evidence.Evidence
	for _, p := range pods {
		c, ok := statusCond(p.Object, "Ready")
		switch {
		case str(p.Object, "status", "phase") == "Succeeded":
			e = append(e, ev(p, "status.phase", "Succeeded", nil))
		case !ok && str(p.Object, "status", "phase") == "Pending":
			st = worse(st, StatusProgressing)
			e = append(e, ev(p, "status.phase", "Pending: not Ready yet", nil))
		case !ok:
			st = worse(st, StatusUnknown)
			e = append(e, ev(p, "status.conditions", "no Ready condition in the bundle", nil))
		case c.Status == "True":
			e = append(e, ev(p, "status.conditions[type=Ready]", "Ready", c.Time))
		default:
			unhealthy := eventsWithReason(a.ix, p, "Unhealthy")
			if len(unhealthy) > 0 || podFailing(p) != "" {
				st = worse(st, StatusFailed)
			} else {
				st = worse(st, StatusProgressing)
			}
			e = append(e, ev(p, "status.conditions[type=Ready]", "not Ready: "+c.Reason+" "+c.Message, c.Time))
			for _, u := range unhealthy {
				e = append(e, eventEv(p, u))
			}
			if a.notCollected("events", p.GetNamespace()) {
				e = append(e, evidence.Evidence{Message: "events were not collected: probe failures cannot be seen"})
			}
		}
	}
	return stage(StageReady, st, e...)
}

// routedStage judges whether the Services that select the pods route to
// them, and what the routed path's logs say about those Services (the
// path the external layer reads). Pods that left a Service's selector
// when their template's labels changed are not routed: the stage fails
// and names the ReplicaSets and the commit.
func (a *analysis) routedStage(s *subject, pods []*bundle.Object) Stage {
	svcs := a.servicesOf(s)
	if len(svcs) == 0 {
		former, changes := a.formerServices(s)
		if len(former) == 0 {
			return stage(StageRouted, StatusNotApplicable, evidence.Evidence{Message: "no Service selects these pods"})
		}
		var e []evidence.Evidence
		for i, svc := range former {
			c := changes[i]
			msg := fmt.Sprintf("Service %s selects ReplicaSet %s's pod labels, not those of the current ReplicaSet %s: it routes to no pod of %s", svc.GetName(), c.Old.GetName(), c.Current.GetName(), s.obj.GetName())
			if c.Commit != nil {
				msg += fmt.Sprintf(" (newest commit before %s: %.12s %q)", c.Current.GetName(), c.Commit.Revision, c.Commit.Subject)
			}
			e = append(e, ev(c.Current, "spec.template.metadata.labels", msg, nil))
		}
		if _, fe, ok := a.routeFailures(former, true); ok {
			e = append(e, fe...)
		}
		return stage(StageRouted, StatusFailed, e...)
	}
	st := StatusOK
	var e []evidence.Evidence
	if fst, fe, ok := a.routeFailures(svcs, true); ok {
		st = worse(st, fst)
		e = append(e, fe...)
	}
	for _, svc := range svcs {
		eps, known := a.endpointsOf(svc)
		if !known {
			st = worse(st, StatusUnknown)
			e = append(e, ev(svc, "", "endpoints of the Service are not in the bundle", nil))
			continue
		}
		for _, p := range pods {
			if !selects(a.podSvcs[p], svc) {
				continue
			}
			switch got, src := eps.state(p); got {
			case endpointReady:
				e = append(e, ev(src, "endpoints", fmt.Sprintf("Service %s routes to %s", svc.GetName(), p.GetName()), nil))
			case endpointNotReady:
				st = worse(st, StatusProgressing)
				e = append(e, ev(src, "endpoints", fmt.Sprintf("Service %s lists %s as not ready", svc.GetName(), p.GetName()), nil))
			case endpointPortless:
				st = worse(st, StatusFailed)
				e = append(e, ev(src, "ports", fmt.Sprintf("Service %s lists %s without a port: nothing routes to it", svc.GetName(), p.GetName()), nil))
			default:
				if podReady(p) {
					st = worse(st, StatusFailed)
				} else {
					st = worse(st, StatusProgressing)
				}
				e = append(e, ev(svc, "", fmt.Sprintf("%s is not an endpoint of Service %s", p.GetName(), svc.GetName()), nil))
			}
		}
	}
	return stage(StageRouted, st, e...)
}

func selects(svcs []*bundle.Object, svc *bundle.Object) bool {
	for _, s := range svcs {
		if s == svc {
			return true
		}
	}
	return false
}

func (a *analysis) serviceRouted(s *subject) Stage {
	v := a.serviceVerdict(s.obj)
	st := verdictStatus(v.status)
	return stage(StageRouted, st, ev(s.obj, "", v.reason, nil))
}
