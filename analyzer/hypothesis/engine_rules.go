package hypothesis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
)

// rulesOf reads the metadata of every rule package, one Rule per package,
// sorted by id. Ids must be unique.
func rulesOf(mods map[string]*ast.Module, builtin map[string]bool) ([]*Rule, error) {
	names := make([]string, 0, len(mods))
	for n := range mods {
		names = append(names, n)
	}
	sort.Strings(names)
	byPkg := map[string]*Rule{}
	pkgFiles := map[string][]string{}
	for _, n := range names {
		m := mods[n]
		pkg := strings.TrimPrefix(m.Package.Path.String(), "data.")
		if !strings.HasPrefix(pkg, RulePackagePrefix) {
			continue
		}
		pkgFiles[pkg] = append(pkgFiles[pkg], n)
		if !hasPackageAnnotation(m) {
			continue // another file of the package may carry it
		}
		r, err := ruleFromModule(n, m)
		if err != nil {
			return nil, err
		}
		if prev, dup := byPkg[pkg]; dup {
			return nil, fmt.Errorf("%s: package %s: metadata already given in %s", n, pkg, prev.File)
		}
		r.Builtin = builtin[n]
		byPkg[pkg] = r
	}
	ids := map[string]string{}
	var out []*Rule
	for pkg, files := range pkgFiles {
		r, ok := byPkg[pkg]
		if !ok {
			return nil, fmt.Errorf("%s: package %s: missing # METADATA block (title, description, custom: id, cause, layer, stage, weight)", files[0], pkg)
		}
		if !definesHypothesis(mods, files) {
			return nil, fmt.Errorf("%s: package %s: defines no `hypothesis contains ...` set rule", r.File, pkg)
		}
		if f, dup := ids[r.ID]; dup {
			return nil, fmt.Errorf("%s: rule id %q already used in %s", r.File, r.ID, f)
		}
		ids[r.ID] = r.File
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// definesHypothesis reports whether one of the package's files defines the
// multi-value rule `hypothesis`, the only thing the engine queries.
func definesHypothesis(mods map[string]*ast.Module, files []string) bool {
	for _, f := range files {
		for _, r := range mods[f].Rules {
			if ref := r.Head.Ref(); len(ref) == 1 && ref[0].Value.Compare(ast.Var("hypothesis")) == 0 && r.Head.RuleKind() == ast.MultiValue {
				return true
			}
		}
	}
	return false
}

func hasPackageAnnotation(m *ast.Module) bool {
	for _, a := range m.Annotations {
		if a.Scope == "package" {
			return true
		}
	}
	return false
}
