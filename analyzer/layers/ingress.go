package layers

import (
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/facts"
)

// routes is the bundle's routed path (facts.Routes): the Ingress and
// Gateway routes to each Service and what the data plane's logs say about
// it. The external layer and the routed stage read the same one.
func (a *analysis) routes() *facts.ServiceRoutes { return facts.Routes(a.ix, a.b.Logs) }

// ingressBackends maps a host to the Services that Ingress rules, Ingress
// default backends ("*") and HTTPRoute/GRPCRoute rules send it to, built
// once per bundle.
func (a *analysis) ingressBackends() map[string][]*bundle.Object { return a.routes().ByHost }

// routedBy returns the route by which a check's URL target reaches one of
// svcs, or "". A host no route names reaches the Services routed for any
// host (a default backend, a rule or route without host).
func (a *analysis) routedBy(target string, svcs map[*bundle.Object]bool) string {
	if len(svcs) == 0 {
		return ""
	}
	u, err := url.Parse(target)
	if err != nil || u.Hostname() == "" {
		return ""
	}
	byHost := a.ingressBackends()
	host := u.Hostname()
	if _, ok := byHost[host]; !ok {
		host = "*"
	}
	var via []string
	for _, svc := range byHost[host] {
		if !svcs[svc] {
			continue
		}
		for _, rt := range a.routes().Routes[svc] {
			for _, h := range rt.Hosts {
				if h == host {
					via = append(via, fmt.Sprintf("%s %s/%s %s → %s", rt.From.GetKind(), rt.From.GetNamespace(), rt.From.GetName(), u.Hostname(), svc.Ref().String()))
				}
			}
		}
	}
	if len(via) == 0 {
		return ""
	}
	sort.Strings(via)
	return via[0]
}

// routeFailures reports what the routed path's logs say about svcs: each
// 5xx for a Service's upstream and each controller line saying it has no
// endpoints is a failure (at most five lines a Service: they repeat);
// unrouted keeps only the lines that say no endpoint served the request
// (RouteFailure.Unrouted), for the routed stage. ok is false when no such
// line speaks about them.
func (a *analysis) routeFailures(svcs []*bundle.Object, unrouted bool) (string, []evidence.Evidence, bool) {
	var e []evidence.Evidence
	for _, svc := range svcs {
		var fs []facts.RouteFailure
		for _, f := range a.routes().Failures[svc] {
			if !unrouted || f.Unrouted() {
				fs = append(fs, f)
			}
		}
		for i, f := range fs {
			if i == 5 {
				e = append(e, evidence.Evidence{Object: refPtr(svc), Message: fmt.Sprintf("%d more such lines", len(fs)-5)})
				break
			}
			what := "a 5xx for upstream " + f.Upstream
			if f.What == "no-endpoints" {
				what = "no endpoints for " + f.Upstream
			}
			e = append(e, evidence.Evidence{File: f.Log.File, Message: fmt.Sprintf("%s/%s (%s) logs %s: %s", f.Log.Namespace, f.Log.Pod, f.Log.Container, what, strings.TrimSpace(f.Line))})
		}
	}
	if len(e) == 0 {
		return "", nil, false
	}
	return StatusFailed, e, true
}

// routeNames lists the routes to svcs, for a message.
func (a *analysis) routeNames(svcs []*bundle.Object) []string {
	var out []string
	for _, svc := range svcs {
		for _, rt := range a.routes().Routes[svc] {
			out = append(out, fmt.Sprintf("%s %s/%s (%s) → Service %s", rt.From.GetKind(), rt.From.GetNamespace(), rt.From.GetName(), strings.Join(rt.Hosts, ", "), svc.GetName()))
		}
	}
	sort.Strings(out)
	return out
}

// formerServices are the Services that selected s's pods until its pod
// template changed labels, and now select no pod (facts.PodLabelChange).
func (a *analysis) formerServices(s *subject) ([]*bundle.Object, []facts.LabelChange) {
	var svcs []*bundle.Object
	var changes []facts.LabelChange
	for svc, c := range facts.LabelChanges(a.ix, a.b.Sources) {
		if c.Workload == s.obj {
			svcs = append(svcs, svc)
		}
	}
	sortObjects(svcs)
	for _, svc := range svcs {
		changes = append(changes, facts.LabelChanges(a.ix, a.b.Sources)[svc])
	}
	return svcs, changes
}
