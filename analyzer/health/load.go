package health

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/rift-dev/rift/policies"
)

// PackagePrefix is the package path every health rule lives under. A
// package under it with a # METADATA block naming kinds is a rule; one
// without (rift.health.lib) holds helpers.
const PackagePrefix = "rift.health."

// Options configures Load.
type Options struct {
	// PolicyDirs are the user's --policy directories. Their .rego files
	// in packages under PackagePrefix are health rules; other packages
	// (hypothesis rules) are left to the rule engine.
	PolicyDirs []string
	// Go declares the Go judgements built into rift.
	Go []GoRule
}

// Load reads the embedded health rules and those of opts.PolicyDirs,
// compiles them strictly as Rego v1, prepares one query per rule, and binds
// every claimed group/kind to one rule (a user rule replaces a built-in
// one). Errors name the file. A user's rules are compiled by Load; the
// embedded ones on the first Eval of each (Registry.Prepare compiles them all at once).
func Load(opts Options) (*Registry, error) {
	srcs, err := policies.Embedded("health")
	if err != nil {
		return nil, err
	}
	for _, d := range opts.PolicyDirs {
		s, err := policies.Dir(d)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, s...)
	}
	mods := map[string]*ast.Module{}
	user := map[string]bool{}
	for _, s := range srcs {
		if strings.HasSuffix(s.Name, "_test.rego") {
			continue
		}
		m, err := ast.ParseModuleWithOpts(s.Name, s.Text, ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1})
		if err != nil {
			return nil, fmt.Errorf("parse health rules: %w", err)
		}
		if !strings.HasPrefix(pkgOf(m), PackagePrefix) {
			continue
		}
		if _, dup := mods[s.Name]; dup {
			return nil, fmt.Errorf("%s: loaded twice", s.Name)
		}
		mods[s.Name], user[s.Name] = m, !s.Builtin
	}
	// Helpers (packages without rule metadata) compile now, alone: they are
	// small, and every rule needs them.
	helpers := map[string]*ast.Module{}
	var rules []*Rule
	names := make([]string, 0, len(mods))
	for n := range mods {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		r, ok, err := ruleOf(n, mods[n])
		if err != nil {
			return nil, err
		}
		if !ok {
			helpers[n] = mods[n]
			continue
		}
		if user[n] {
			r.Origin = OriginUser
		}
		r.query = &lazyQuery{module: mods[n], helpers: helpers}
		rules = append(rules, r)
	}
	if _, err := compile(helpers); err != nil {
		return nil, fmt.Errorf("compile health rules: %w", err)
	}
	reg := &Registry{}
	for _, g := range opts.Go {
		reg.rules = append(reg.rules, &Rule{ID: g.ID, Title: g.Title, Kinds: g.Kinds, Origin: OriginGo})
	}
	for _, r := range rules {
		// A user's rule is compiled now, so that its mistakes stop the
		// command that loads it. The embedded rules, which rift's own tests
		// compile, wait for the first object of a kind they claim: most
		// bundles hold few of their kinds, and compiling all of them took
		// as long as loading a 10k-object bundle.
		if r.Origin == OriginUser {
			if err := r.query.prepare(r); err != nil {
				return nil, err
			}
		}
		reg.rules = append(reg.rules, r)
	}
	seen := map[string]*Rule{}
	for _, r := range reg.rules {
		if p, dup := seen[r.ID]; dup {
			return nil, fmt.Errorf("%s: health rule id %s already used by %s", where(r), r.ID, where(p))
		}
		seen[r.ID] = r
	}
	if err := reg.bind(); err != nil {
		return nil, err
	}
	return reg, nil
}

func pkgOf(m *ast.Module) string { return strings.TrimPrefix(m.Package.Path.String(), "data.") }

// ruleOf reads a rule's package metadata: title, custom.id, custom.group
// (a string or a list) and custom.kinds, each a Kind of every group or a
// group/Kind of its own. A module without a package METADATA block is a
// helper.
func ruleOf(file string, m *ast.Module) (*Rule, bool, error) {
	var a *ast.Annotations
	for _, x := range m.Annotations {
		if x.Scope == "package" {
			a = x
		}
	}
	if a == nil {
		return nil, false, nil
	}
	pkg := pkgOf(m)
	r := &Rule{Title: a.Title, Description: strings.TrimSpace(a.Description), File: file, Package: pkg, Origin: OriginBuiltin}
	r.ID, _ = a.Custom["id"].(string)
	groups, kinds := strs(a.Custom["group"]), strs(a.Custom["kinds"])
	var missing []string
	for _, f := range []struct {
		name string
		ok   bool
	}{{"title", r.Title != ""}, {"custom.id", r.ID != ""}, {"custom.group", len(groups) > 0 || allQualified(kinds)}, {"custom.kinds", len(kinds) > 0}} {
		if !f.ok {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return nil, false, fmt.Errorf("%s: package %s: incomplete health metadata: missing %s", file, pkg, strings.Join(missing, ", "))
	}
	for _, k := range kinds {
		if i := strings.LastIndex(k, "/"); i >= 0 {
			r.Kinds = append(r.Kinds, GroupKind{Group: k[:i], Kind: k[i+1:]})
			continue
		}
		for _, g := range groups {
			r.Kinds = append(r.Kinds, GroupKind{Group: g, Kind: k})
		}
	}
	slices.SortFunc(r.Kinds, func(a, b GroupKind) int { return strings.Compare(a.String(), b.String()) })
	r.Kinds = slices.Compact(r.Kinds)
	hasHealth := false
	for _, rl := range m.Rules {
		hasHealth = hasHealth || rl.Head.Name.String() == "health" || rl.Head.Ref().String() == "health"
	}
	if !hasHealth {
		return nil, false, fmt.Errorf("%s: package %s: a health rule defines `health`", file, pkg)
	}
	return r, true, nil
}

// strs reads a metadata value that is a string or a list of strings; the
// core group is written "" or "core".
func strs(v any) []string {
	var out []string
	add := func(x any) {
		if s, ok := x.(string); ok {
			if s == "core" {
				s = ""
			}
			out = append(out, s)
		}
	}
	if l, ok := v.([]any); ok {
		for _, x := range l {
			add(x)
		}
	} else if v != nil {
		add(v)
	}
	return out
}

// lazyQuery is a Rego rule's prepared queries, compiled on first use from
// the rule's module and the helpers: prepared judges one object (the
// input), batch every object of an array (evalBatch).
type lazyQuery struct {
	module  *ast.Module
	helpers map[string]*ast.Module

	once     sync.Once
	prepared rego.PreparedEvalQuery
	batch    rego.PreparedEvalQuery
	err      error
}

// batchVar is the variable batchQuery binds.
const batchVar = "judged"

// batchQuery judges each object o of the input array as the query
// data.PKG.health judges o as the input: a health that is undefined
// leaves o's index out. (A health of false is a value here as there: the
// rego package captures a query term's value, false included.)
func batchQuery(pkg string) string {
	return batchVar + " := [[i, h] | some i, o in input; h := data." + pkg + ".health with input as o]"
}

// prepare compiles r's module once and prepares both queries; later calls
// return the first call's error.
func (q *lazyQuery) prepare(r *Rule) error {
	q.once.Do(func() {
		mods := make(map[string]*ast.Module, len(q.helpers)+1)
		maps.Copy(mods, q.helpers)
		mods[r.File] = q.module
		c, err := compile(mods)
		if err != nil {
			q.err = fmt.Errorf("%s: health rule %s: compile: %w", r.File, r.ID, err)
			return
		}
		for _, x := range []struct {
			q  *rego.PreparedEvalQuery
			is string
		}{{&q.prepared, "data." + r.Package + ".health"}, {&q.batch, batchQuery(r.Package)}} {
			if *x.q, err = rego.New(rego.Query(x.is), rego.Compiler(c), rego.SetRegoVersion(ast.RegoV1)).PrepareForEval(context.Background()); err != nil {
				q.err = fmt.Errorf("%s: health rule %s: prepare: %w", r.File, r.ID, err)
				return
			}
		}
	})
	return q.err
}

// compile compiles mods strictly as Rego v1.
func compile(mods map[string]*ast.Module) (*ast.Compiler, error) {
	c := ast.NewCompiler().WithStrict(true).WithDefaultRegoVersion(ast.RegoV1)
	if c.Compile(mods); c.Failed() {
		return nil, c.Errors
	}
	return c, nil
}

func allQualified(kinds []string) bool {
	for _, k := range kinds {
		if !strings.Contains(k, "/") {
			return false
		}
	}
	return len(kinds) > 0
}
