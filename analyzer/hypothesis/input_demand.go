package hypothesis

import (
	"github.com/open-policy-agent/opa/v1/ast"
)

// partSet is the set of top-level input fields some loaded rule can read;
// nil means all of them.
type partSet map[string]bool

func (s partSet) has(name string) bool { return s == nil || s[name] }

// inputParts finds the top-level input fields the modules can reach, so
// that Evaluate builds only those (a part no rule reads, like the
// timeline for the built-in rules, costs nothing). It walks every
// reference of the compiled modules, where imports and `with` targets are
// resolved to full references: input.NAME or input["NAME"] needs NAME; a
// bare `input`, or input[x] with a non-constant x, could read anything and
// needs all parts (nil).
func inputParts(mods map[string]*ast.Module) partSet {
	need := partSet{}
	all := false
	var visit func(x any) bool
	visit = func(x any) bool {
		if all {
			return true
		}
		switch x := x.(type) {
		case ast.Ref:
			if !x.HasPrefix(ast.InputRootRef) {
				return false
			}
			if len(x) < 2 {
				all = true
				return true
			}
			name, ok := x[1].Value.(ast.String)
			if !ok {
				all = true
				return true
			}
			need[string(name)] = true
			for _, t := range x[2:] {
				ast.NewGenericVisitor(visit).Walk(t)
			}
			return true
		case ast.Var:
			if x.Equal(ast.InputRootDocument.Value) {
				all = true // input on its own, outside a reference
			}
		}
		return false
	}
	for _, m := range mods {
		ast.NewGenericVisitor(visit).Walk(m)
	}
	if all {
		return nil
	}
	return need
}

// fieldSet is the set of workload fields some loaded rule can read; nil
// means all of them.
type fieldSet map[string]bool

func (s fieldSet) has(name string) bool { return s == nil || s[name] }

// workloadFields finds the fields of input.workloads[k] the modules can
// name, so that a workload is built without the ones no rule reads (the
// built-in rules never read stages, the biggest part). The rule is
// name-mention: a field is built when its name appears in some module as
// a string term, which covers w.NAME, w["NAME"] and object.get(w, "NAME",
// d). Rego reaches a field it never names only by generic iteration over a
// workload's keys (some k, v in w; object.keys; json.marshal of a whole
// workload), which docs/rules.md states is not supported; a module that
// calls walk builds every field, since walking is how such code usually
// looks.
func workloadFields(mods map[string]*ast.Module) fieldSet {
	names := fieldSet{}
	all := false
	visit := func(x any) bool {
		switch x := x.(type) {
		case ast.String:
			names[string(x)] = true
		case ast.Ref:
			if x.Equal(ast.WalkBuiltin.Ref()) {
				all = true
			}
		case *ast.Expr:
			if x.IsCall() && x.Operator().Equal(ast.WalkBuiltin.Ref()) {
				all = true
			}
		}
		return all
	}
	for _, m := range mods {
		ast.NewGenericVisitor(visit).Walk(m)
	}
	if all {
		return nil
	}
	return names
}
