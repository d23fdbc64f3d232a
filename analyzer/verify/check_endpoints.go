package verify

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/internal/words"
)

// endpoints: every Service that selects the workload's pods routes to all
// of its current pods and to none of its old ones. Routing is what users
// see, so a Ready pod that the endpoints do not list is not done.
func (v *verifier) endpoints(t target, ps []pod) Check {
	c := Check{Name: CheckEndpoints, Layer: layers.LayerDependencies, Subject: t.ref.String()}
	svcs := v.servicesOf(t)
	if len(svcs) == 0 {
		c.Status, c.Summary = Skipped, "no Service selects this workload's pods"
		return c
	}
	var problems, unknown []string
	for _, svc := range svcs {
		routed, found := v.routed(svc)
		name := svc.Ref().String()
		if !found {
			unknown = append(unknown, name)
			c.Evidence = append(c.Evidence, name+": no EndpointSlice or Endpoints in the bundle")
			continue
		}
		var names []string
		for n := range routed {
			names = append(names, n)
		}
		slices.Sort(names)
		c.Evidence = append(c.Evidence, fmt.Sprintf("%s ready endpoints: [%s]", name, strings.Join(names, " ")))
		mine := map[string]bool{}
		for _, p := range ps {
			mine[p.Name] = true
		}
		for _, n := range names {
			if !mine[n] {
				if why := v.stray(t, svc.GetNamespace(), n); why != "" {
					problems = append(problems, fmt.Sprintf("%s routes to pod %s %s", name, n, why))
				}
			}
		}
		for _, p := range ps {
			switch {
			case p.Current && !routed[p.Name]:
				problems = append(problems, fmt.Sprintf("%s does not route to new pod %s", name, p.Name))
			case !p.Current && routed[p.Name]:
				problems = append(problems, fmt.Sprintf("%s still routes to old pod %s (%s)", name, p.Name, p.Revision))
			}
		}
	}
	switch {
	case len(problems) > 0:
		c.Status, c.Summary = Fail, strings.Join(problems, "; ")
	case len(unknown) > 0:
		c.Status, c.Summary = Unknown, "endpoints not recorded for "+strings.Join(unknown, ", ")
	default:
		c.Status, c.Summary = Pass, words.Count(len(svcs), "Service routes", "Services route")+" to the new pods only"
	}
	return c
}

// servicesOf returns the Services in the workload's namespace whose
// selector matches its pod template labels, sorted by name. Matching the
// template, not the pods, finds the Services of a workload whose pods are
// not in the bundle.
func (v *verifier) servicesOf(t target) []*bundle.Object {
	tmpl, _, _ := unstructured.NestedStringMap(t.obj.Object, "spec", "template", "metadata", "labels")
	var out []*bundle.Object
	sel := v.index().services
	for _, s := range sel.InNamespace(t.ref.Namespace) {
		if sel.Selects(s, labels.Set(tmpl)) {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b *bundle.Object) int { return cmpString(a.GetName(), b.GetName()) })
	return out
}

// routed returns the pod names a Service's endpoints list as ready, from
// its EndpointSlices or, when it has none, its legacy Endpoints.
func (v *verifier) routed(svc *bundle.Object) (map[string]bool, bool) {
	out := map[string]bool{}
	found := false
	for _, es := range v.index().slices[[2]string{svc.GetNamespace(), svc.GetName()}] {
		found = true
		eps, _, _ := nestedSlice(es.Object, "endpoints")
		for _, e := range eps {
			m, _ := e.(map[string]any)
			ref, _ := m["targetRef"].(map[string]any)
			cond, _ := m["conditions"].(map[string]any)
			// A nil ready condition means ready (discovery.k8s.io/v1).
			if r, ok := cond["ready"].(bool); ok && !r {
				continue
			}
			if n, _ := ref["name"].(string); n != "" && ref["kind"] == "Pod" {
				out[n] = true
			}
		}
	}
	if found {
		return out, true
	}
	ep, ok := v.b.Index.Get(bundle.Key{Kind: "Endpoints", Namespace: svc.GetNamespace(), Name: svc.GetName()})
	if !ok {
		return out, false
	}
	subsets, _, _ := nestedSlice(ep.Object, "subsets")
	for _, s := range subsets {
		m, _ := s.(map[string]any)
		addrs, _ := m["addresses"].([]any)
		for _, a := range addrs {
			am, _ := a.(map[string]any)
			ref, _ := am["targetRef"].(map[string]any)
			if n, _ := ref["name"].(string); n != "" && ref["kind"] == "Pod" {
				out[n] = true
			}
		}
	}
	return out, true
}
