// Package hypothesis holds rift's rule engine and its ranked hypothesis
// ledger. Rego rules (built-in from policies/, plus user policy dirs) read
// the input contract of docs/rules.md and propose hypotheses; Go does the
// mechanics: loading and checking rules, converting the input once,
// evaluating packages in parallel, resolving "explains" links, ranking and
// summarising. Judgement lives in the rules.
package hypothesis

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// EngineOptions configures NewEngine.
type EngineOptions struct {
	// PolicyDirs are user policy directories, searched recursively for
	// .rego files and loaded after the built-in policies (--policy DIR).
	// Their rule packages must carry complete metadata like built-in ones,
	// and their ids must not clash with loaded rules.
	PolicyDirs []string
	// Disable lists rule ids not to evaluate (--disable RULE_ID). An id that
	// names no loaded rule is an error, so that a typo does not silently
	// leave a rule on.
	Disable []string
}

// Engine holds the compiled policies and one prepared query per enabled
// rule package. It is safe for concurrent use by Evaluate.
type Engine struct {
	rules    []*Rule // every loaded rule, sorted by id
	enabled  []*preparedRule
	byCause  map[string]*Rule
	compiler *ast.Compiler
}

type preparedRule struct {
	rule  *Rule
	query rego.PreparedEvalQuery
}

// NewEngine loads the embedded policies and opts.PolicyDirs as Rego v1,
// compiles them strictly, refuses rule packages with incomplete metadata,
// and prepares each enabled rule's query once.
func NewEngine(opts EngineOptions) (*Engine, error) {
	srcs, err := loadSources(opts.PolicyDirs, true)
	if err != nil {
		return nil, err
	}
	var evalSrcs []source
	builtin := map[string]bool{}
	for _, s := range srcs {
		if !isTestFile(s.name) {
			evalSrcs = append(evalSrcs, s)
			builtin[s.name] = s.builtin
		}
	}
	mods, err := parseSources(evalSrcs)
	if err != nil {
		return nil, err
	}
	rules, err := rulesOf(mods, builtin)
	if err != nil {
		return nil, err
	}
	c, err := compile(mods)
	if err != nil {
		return nil, err
	}
	e := &Engine{rules: rules, compiler: c, byCause: map[string]*Rule{}}
	disabled := map[string]bool{}
	for _, id := range opts.Disable {
		if !slices.ContainsFunc(rules, func(r *Rule) bool { return r.ID == id }) {
			return nil, fmt.Errorf("--disable %s: no loaded rule has this id", id)
		}
		disabled[id] = true
	}
	for _, r := range rules {
		if _, ok := e.byCause[r.Cause]; !ok {
			e.byCause[r.Cause] = r
		}
		if disabled[r.ID] {
			continue
		}
		q, err := rego.New(
			rego.Query("data."+r.Package+".hypothesis"),
			rego.Compiler(c),
			rego.SetRegoVersion(ast.RegoV1),
		).PrepareForEval(context.Background())
		if err != nil {
			return nil, fmt.Errorf("%s: rule %s: prepare: %w", r.File, r.ID, err)
		}
		e.enabled = append(e.enabled, &preparedRule{rule: r, query: q})
	}
	return e, nil
}

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

// Rules returns the metadata of every loaded rule (enabled or not), sorted
// by id.
func (e *Engine) Rules() []Rule {
	out := make([]Rule, len(e.rules))
	for i, r := range e.rules {
		out[i] = *r
	}
	return out
}
