package hypothesis

import (
	"fmt"
	"sort"

	"github.com/open-policy-agent/opa/v1/ast"
)

// latestWorkloads maps each workload reference to the index in
// in.Workloads of the last workload with it: a later one wins. It is
// built once and shared by the parts that read it; callers must not
// modify it.
func (x *inputBuild) latestWorkloads() map[string]int {
	x.latestOnce.Do(func() {
		x.latest = make(map[string]int, len(x.in.Workloads))
		for i, w := range x.in.Workloads {
			x.latest[w.Ref.String()] = i
		}
	})
	return x.latest
}

// workloads is input.workloads: each workload's report form keyed by its
// reference, with the field names and values of its JSON form (the report
// contract), built from the structs in parallel and limited to the fields
// some rule names (workloadFields).
func (x *inputBuild) workloads() (ast.Value, error) {
	ws := x.in.Workloads
	vals := make([]ast.Value, len(ws))
	errs := make([]error, len(ws))
	parallel(len(ws), func(c *converter, i int) {
		vals[i], errs[i] = c.workload(&ws[i], x.wfields)
	})
	for i, w := range ws {
		if errs[i] != nil {
			return nil, fmt.Errorf("workload %s: %w", w.Ref, errs[i])
		}
	}
	idx := x.latestWorkloads()
	kvs := make([][2]*ast.Term, 0, len(idx))
	for k, i := range idx {
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm(k), ast.NewTerm(vals[i])})
	}
	return ast.NewObject(kvs...), nil
}

// workloadsByOwner is input.workloads_by_owner: each GitOps owner
// ("Kind/ns/name" of a Kustomization, HelmRelease or Application) to the
// sorted keys of the workloads it manages, so that a rule about a failing
// owner reads its workloads instead of scanning all of them.
func (x *inputBuild) workloadsByOwner() (ast.Value, error) {
	byOwner := map[string]map[string]bool{}
	for k, i := range x.latestWorkloads() {
		for _, o := range x.in.Workloads[i].Owners {
			ok := o.String()
			if byOwner[ok] == nil {
				byOwner[ok] = map[string]bool{}
			}
			byOwner[ok][k] = true
		}
	}
	kvs := make([][2]*ast.Term, 0, len(byOwner))
	for ok, set := range byOwner {
		keys := make([]string, 0, len(set))
		for k := range set {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		ts := make([]*ast.Term, len(keys))
		for i, k := range keys {
			ts[i] = ast.StringTerm(k)
		}
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm(ok), ast.ArrayTerm(ts...)})
	}
	return ast.NewObject(kvs...), nil
}
