package verify

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// CheckDivergence and CheckService extend the check names.
const (
	CheckDivergence = "no-divergence"
	CheckService    = "service-routes"
)

// divergence: no declared field differs between two layers of the
// workload (Git vs live, template vs pod). A hand edit that Flux did not
// revert is not the revision running.
func divergence(t target) Check {
	c := Check{Name: CheckDivergence, Layer: layers.LayerApplied, Subject: t.ref.String()}
	for _, d := range t.w.Divergences {
		line := fmt.Sprintf("%s %s: %s %s, %s %s", d.Object, d.Path, d.Between[0], compact(d.Expected), d.Between[1], compact(d.Observed))
		if d.Owner != "" {
			line += " (set by " + d.Owner + ")"
		}
		c.Evidence = append(c.Evidence, line)
	}
	if n := len(c.Evidence); n > 0 {
		c.Status, c.Summary = Fail, fmt.Sprintf("%d declared field(s) differ between layers", n)
	} else {
		c.Status, c.Summary = Pass, "every declared field agrees across layers"
	}
	return c
}

func compact(raw []byte) string {
	s := string(raw)
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// services checks, when no --workload narrows the scope, every Service
// with a selector in the namespaces of the verified workloads: each must
// route to at least one ready pod. A Service whose selector matches
// nothing is "Synced" and serves nobody.
func (v *verifier) services(ws []target) []Check {
	if len(v.cfg.Workloads) > 0 {
		return nil
	}
	nss := map[string]bool{}
	for _, t := range ws {
		nss[t.ref.Namespace] = true
	}
	var svcs []*bundle.Object
	for ns := range nss {
		// Only Services with a selector: without one the endpoints are
		// managed by hand, not by rift's reading of the pods.
		svcs = append(svcs, v.index().services.InNamespace(ns)...)
	}
	slices.SortFunc(svcs, func(a, b *bundle.Object) int { return compareRef(a.Ref(), b.Ref()) })
	var out []Check
	for _, svc := range svcs {
		c := Check{Name: CheckService, Layer: layers.LayerDependencies, Subject: svc.Ref().String()}
		routed, found := v.routed(svc)
		var names []string
		for n := range routed {
			names = append(names, n)
		}
		slices.Sort(names)
		switch {
		case !found:
			c.Status, c.Summary = Unknown, "no EndpointSlice or Endpoints in the bundle"
		case len(names) == 0:
			c.Status, c.Summary = Fail, "routes to no ready pod"
		default:
			c.Status, c.Summary = Pass, "routes to "+plural(len(names), "ready pod", "ready pods")
		}
		c.Evidence = []string{fmt.Sprintf("%s ready endpoints: [%s]", svc.Ref(), strings.Join(names, " "))}
		out = append(out, c)
	}
	return out
}
