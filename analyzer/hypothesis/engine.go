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
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/rift-dev/rift/analyzer/health"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
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
	need     partSet  // the input parts the loaded modules can read
	wfields  fieldSet // the workload fields they can name
	// explanations is the causality table (Explanations).
	explanations []timeline.Explanation
	// health is the health registry, with the user's health rules.
	health *health.Registry
}

// preparedRule is an enabled rule with its query prepared once.
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
	explanations, err := loadExplanations(opts.PolicyDirs)
	if err != nil {
		return nil, err
	}
	reg, err := layers.LoadHealth(opts.PolicyDirs)
	if err != nil {
		return nil, err
	}
	var evalSrcs []source
	builtin := map[string]bool{}
	for _, s := range srcs {
		if !isTestFile(s.Name) {
			evalSrcs = append(evalSrcs, s)
			builtin[s.Name] = s.Builtin
		}
	}
	mods, err := parseSources(evalSrcs)
	if err != nil {
		return nil, err
	}
	// Health rules (policies/health, and user ones in the same dirs) judge
	// one object each in the layers (analyzer/health); they read no
	// part of this input.
	for n, m := range mods {
		if strings.HasPrefix(strings.TrimPrefix(m.Package.Path.String(), "data."), health.PackagePrefix) {
			delete(mods, n)
		}
	}
	rules, err := rulesOf(mods, builtin)
	if err != nil {
		return nil, err
	}
	c, err := compile(mods)
	if err != nil {
		return nil, err
	}
	e := &Engine{rules: rules, compiler: c, byCause: map[string]*Rule{}, need: inputParts(c.Modules), wfields: workloadFields(c.Modules), explanations: explanations, health: reg}
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

// Rules returns the metadata of every loaded rule (enabled or not), sorted
// by id.
func (e *Engine) Rules() []Rule {
	out := make([]Rule, len(e.rules))
	for i, r := range e.rules {
		out[i] = *r
	}
	return out
}

// Health returns the health registry the engine loaded: the embedded
// health rules and those of its policy dirs, which the layers judge
// convergence with (layers.BuildWith).
func (e *Engine) Health() *health.Registry { return e.health }
