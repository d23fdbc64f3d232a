package health

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

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
// one). Errors name the file.
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
	c := ast.NewCompiler().WithStrict(true).WithDefaultRegoVersion(ast.RegoV1)
	if c.Compile(mods); c.Failed() {
		return nil, fmt.Errorf("compile health rules: %w", c.Errors)
	}
	reg := &Registry{}
	for _, g := range opts.Go {
		reg.rules = append(reg.rules, &Rule{ID: g.ID, Title: g.Title, Kinds: g.Kinds, Origin: OriginGo})
	}
	names := make([]string, 0, len(mods))
	for n := range mods {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		r, ok, err := ruleOf(n, mods[n])
		if err != nil || !ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		if user[n] {
			r.Origin = OriginUser
		}
		if r.prepared, err = prepare(c, r); err != nil {
			return nil, err
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

type prepared struct {
	one rego.PreparedEvalQuery
}

func prepare(c *ast.Compiler, r *Rule) (*prepared, error) {
	q, err := rego.New(rego.Query("data."+r.Package+".health"), rego.Compiler(c), rego.SetRegoVersion(ast.RegoV1)).
		PrepareForEval(context.Background())
	if err != nil {
		return nil, fmt.Errorf("%s: health rule %s: prepare: %w", r.File, r.ID, err)
	}
	return &prepared{one: q}, nil
}

func allQualified(kinds []string) bool {
	for _, k := range kinds {
		if !strings.Contains(k, "/") {
			return false
		}
	}
	return len(kinds) > 0
}
