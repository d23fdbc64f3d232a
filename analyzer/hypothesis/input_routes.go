package hypothesis

import (
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// serviceRoutes is input.service_routes: for each core Service ("ns/name")
// that a route reaches or a data-plane log line speaks about, its routes
// (Ingress, HTTPRoute, GRPCRoute), the log lines that show requests to it
// failing or its endpoints missing and the failed checks (checks/) on the
// Service or on a host a route sends to it, and, when it selects no pod, the label
// change that left it without pods (facts.PodLabelChange). It converts
// facts.Routes, the routed path the layers read too.
func serviceRoutes(b *bundle.Bundle, ix *bundle.Index) any {
	r := facts.Routes(ix, b.Logs)
	sel := facts.ServicePods(ix)
	out := map[string]any{}
	entry := func(svc *bundle.Object) map[string]any {
		k := svc.GetNamespace() + "/" + svc.GetName()
		e, _ := out[k].(map[string]any)
		if e == nil {
			e = map[string]any{"routes": []any{}, "failures": []any{}}
			if len(sel.Pods[svc]) == 0 && sel.HasSelector(svc) {
				if c, ok := facts.PodLabelChange(ix, b.Sources, svc); ok {
					e["labelChange"] = labelChangeDoc(c)
				}
			}
			out[k] = e
		}
		return e
	}
	for svc, routes := range r.Routes {
		e := entry(svc)
		list := e["routes"].([]any)
		for _, rt := range routes {
			hosts := make([]any, len(rt.Hosts))
			for i, h := range rt.Hosts {
				hosts[i] = h
			}
			list = append(list, map[string]any{"object": refDoc(rt.From), "path": rt.Path, "hosts": hosts, "port": rt.Port})
		}
		e["routes"] = list
	}
	for svc, fails := range r.Failures {
		e := entry(svc)
		list := e["failures"].([]any)
		for _, f := range fails {
			list = append(list, map[string]any{
				"object":    map[string]any{"apiVersion": "v1", "kind": "Pod", "namespace": f.Log.Namespace, "name": f.Log.Pod},
				"container": f.Log.Container, "file": f.Log.File, "line": f.Line, "what": f.What, "upstream": f.Upstream,
			})
		}
		e["failures"] = list
	}
	for _, c := range b.Checks {
		if c.OK {
			continue
		}
		for _, hit := range checkedServices(ix, r, c.Target) {
			e := entry(hit.svc)
			e["failures"] = append(e["failures"].([]any), map[string]any{
				"object": refDoc(hit.via), "container": "", "file": c.File,
				"line": strings.TrimSpace(fmt.Sprintf("check %s on %s: %s", c.Name, c.Target, c.Detail)), "what": "check", "upstream": c.Target,
			})
		}
	}
	// Routes of one Service come from several objects; keep their order
	// independent of map iteration.
	for _, v := range out {
		e := v.(map[string]any)
		routes := e["routes"].([]any)
		sort.SliceStable(routes, func(i, j int) bool {
			a, b := routes[i].(map[string]any), routes[j].(map[string]any)
			ra, rb := a["object"].(map[string]any), b["object"].(map[string]any)
			if ra["kind"] != rb["kind"] {
				return ra["kind"].(string) < rb["kind"].(string)
			}
			if ra["name"] != rb["name"] {
				return ra["name"].(string) < rb["name"].(string)
			}
			return a["path"].(string) < b["path"].(string)
		})
	}
	return out
}

type checkHit struct{ svc, via *bundle.Object }

// checkedServices are the core Services a check's target reaches: the
// Service it names (Service/ns/name), or those a route sends the URL's
// host to (a host no route names reaches the routes for any host), each
// with the object it reaches them through.
func checkedServices(ix *bundle.Index, r *facts.ServiceRoutes, target string) []checkHit {
	if rest, ok := strings.CutPrefix(target, "Service/"); ok {
		if ns, name, ok := strings.Cut(rest, "/"); ok {
			if svc, found := ix.Get(bundle.Key{Kind: "Service", Namespace: ns, Name: name}); found && facts.IsCoreService(svc) {
				return []checkHit{{svc, svc}}
			}
		}
		return nil
	}
	u, err := url.Parse(target)
	if err != nil || u.Hostname() == "" {
		return nil
	}
	host := u.Hostname()
	if _, ok := r.ByHost[host]; !ok {
		host = "*"
	}
	var out []checkHit
	for _, svc := range r.ByHost[host] {
		for _, rt := range r.Routes[svc] {
			if slices.Contains(rt.Hosts, host) {
				out = append(out, checkHit{svc, rt.From})
				break
			}
		}
	}
	return out
}

func refDoc(o *bundle.Object) map[string]any {
	return map[string]any{"apiVersion": o.GetAPIVersion(), "kind": o.GetKind(), "namespace": o.GetNamespace(), "name": o.GetName()}
}

func labelChangeDoc(c facts.LabelChange) map[string]any {
	d := map[string]any{
		"workload": refDoc(c.Workload), "old": refDoc(c.Old), "current": refDoc(c.Current),
		"at": c.At.UTC().Format("2006-01-02T15:04:05Z07:00"),
	}
	if c.Commit != nil {
		d["commit"] = map[string]any{"revision": c.Commit.Revision, "subject": c.Commit.Subject, "time": timeString(c.Commit.Time), "source": c.Source}
	}
	return d
}

// danglingRoutes is input.dangling_routes: the routes whose Service the
// bundle does not hold or whose port it does not declare
// (facts.ServiceRoutes.Dangling), each {object, path, hosts, port,
// service{namespace, name}, reason}, in bundle order.
func danglingRoutes(b *bundle.Bundle, ix *bundle.Index) any {
	r := facts.Routes(ix, b.Logs)
	out := make([]any, 0, len(r.Dangling))
	for _, d := range r.Dangling {
		hosts := make([]any, len(d.Hosts))
		for i, h := range d.Hosts {
			hosts[i] = h
		}
		out = append(out, map[string]any{
			"object": refDoc(d.From), "path": d.Path, "hosts": hosts, "port": d.Port,
			"service": map[string]any{"namespace": d.Namespace, "name": d.Name}, "reason": d.Reason,
		})
	}
	return out
}
