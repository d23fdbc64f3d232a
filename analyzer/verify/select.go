package verify

import (
	"fmt"
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// podControllers are the kinds whose pods verify checks. Services and
// GitOps objects are report subjects too, but they run no pods: Services are
// checked through the endpoints of the workloads they select.
var podControllers = []string{"Deployment", "StatefulSet", "DaemonSet"}

// selectTargets returns the workloads to verify, sorted by ref. A --workload the
// bundle does not hold becomes a failed check: a pipeline asking for it
// expects it to run.
func (v *verifier) selectTargets() []target {
	byKey := map[bundle.Key]*layers.Workload{}
	for i := range v.r.Workloads {
		w := &v.r.Workloads[i]
		byKey[w.Ref.Key()] = w
	}
	var out []target
	if len(v.cfg.Workloads) > 0 {
		for _, ref := range v.cfg.Workloads {
			obj := v.find(ref)
			if obj == nil {
				v.add(Check{Name: CheckWorkload, Layer: layers.LayerApplied, Subject: ref.String(), Status: Fail,
					Summary: fmt.Sprintf("%s is not in the bundle", ref)})
				continue
			}
			t := target{ref: obj.Ref(), obj: obj, w: byKey[obj.Key()]}
			out = append(out, t)
		}
	} else {
		var managed, all []target
		for i := range v.r.Workloads {
			w := &v.r.Workloads[i]
			if !slices.Contains(podControllers, w.Ref.Kind) {
				continue
			}
			obj, ok := v.b.Index.Get(w.Ref.Key())
			if !ok {
				continue
			}
			t := target{ref: obj.Ref(), obj: obj, w: w}
			all = append(all, t)
			if len(w.Owners) > 0 {
				managed = append(managed, t)
			}
		}
		out = all
		if len(managed) > 0 {
			out = managed
		}
		if len(out) == 0 {
			v.add(Check{Name: CheckWorkload, Layer: layers.LayerApplied, Subject: "bundle", Status: Unknown,
				Summary: "the bundle holds no Deployment, StatefulSet or DaemonSet to verify"})
		}
	}
	slices.SortFunc(out, func(a, b target) int { return compareRef(a.ref, b.ref) })
	return slices.CompactFunc(out, func(a, b target) bool { return a.ref.Key() == b.ref.Key() })
}

// find looks a user-typed ref up; the user gives no API version, so the
// group is taken from the first object of that kind with that name.
func (v *verifier) find(ref bundle.Ref) *bundle.Object {
	for _, o := range v.b.Index.OfKind(ref.Kind) {
		if o.GetNamespace() == ref.Namespace && o.GetName() == ref.Name {
			return o
		}
	}
	return nil
}

func compareRef(a, b bundle.Ref) int {
	if c := cmpString(a.Kind, b.Kind); c != 0 {
		return c
	}
	if c := cmpString(a.Namespace, b.Namespace); c != 0 {
		return c
	}
	return cmpString(a.Name, b.Name)
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
