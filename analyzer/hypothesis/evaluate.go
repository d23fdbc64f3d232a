package hypothesis

import (
	"context"
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/rift-dev/rift/internal/pool"
)

// Ledger is the result of evaluating the rules against one input: the
// ranked ledger entries (hypotheses, grouped where several tell one
// story: group) and the summary that leads the report.
type Ledger struct {
	Hypotheses []Hypothesis `json:"hypotheses"`
	Summary    Summary      `json:"summary"`
	// RuleErrors lists the rules that failed on this input (an evaluation
	// error, malformed output), sorted by rule id. The other rules' results
	// stand; a failed rule is reported, never silently dropped.
	RuleErrors []string `json:"ruleErrors,omitempty"`
}

// Evaluate converts in to an AST value once (only the parts the loaded
// rules can read), evaluates every enabled rule
// package against it in parallel, collects their hypothesis sets, resolves
// explains links, ranks the hypotheses, computes the summary and groups
// the ranked hypotheses into ledger entries. It is pure
// and deterministic: the same input and policies give the same ledger. A
// rule that fails is listed in Ledger.RuleErrors and the others go on; the
// error return is for an input that cannot be converted at all.
func (e *Engine) Evaluate(ctx context.Context, in Input) (*Ledger, error) {
	return e.EvaluateStages(ctx, in, func(string) {})
}

// Stages of Evaluate, in order, as EvaluateStages reports them.
const (
	StageInput    = "input"    // the input converted to a Rego value
	StageEvaluate = "evaluate" // every rule package evaluated
	StageRank     = "rank"     // hypotheses merged, linked, ranked, summarised, grouped
)

// EvaluateStages is Evaluate, calling done with each stage's name as the
// stage ends, so that a benchmark can time the stages (rift dev phases).
// done runs on the calling goroutine and must not use the engine.
func (e *Engine) EvaluateStages(ctx context.Context, in Input, done func(stage string)) (*Ledger, error) {
	// The summary's facts (the present state above all) read the bundle
	// as the conversion does, and neither waits for the other: they are
	// taken side by side, so that the present costs no wall time of its
	// own where the conversion leaves a processor idle.
	var (
		v     ast.Value
		err   error
		facts summaryFacts
	)
	pool.Run(
		func() { v, err = in.valueFor(e.need, e.wfields) },
		func() { facts = factsOf(in) },
	)
	if err != nil {
		return nil, err
	}
	// The rules read only v, ranking only the timeline and the summary
	// only facts: drop the bundle and the workloads, so that once the
	// caller drops them too (analyzer.Analyze does) the collector can
	// free the decoded objects while the rules run.
	tl := in.Timeline
	in = Input{}
	done(StageInput)
	results := make([][]candidate, len(e.enabled))
	errs := make([]error, len(e.enabled))
	// One rule package is worth a worker: rules differ a hundredfold in
	// cost, and a worker takes the next one as soon as it is free.
	pool.ForEach(len(e.enabled), 1, func(i int) {
		results[i], errs[i] = e.enabled[i].eval(ctx, v)
	})
	var all []candidate
	var ruleErrs []string
	for i, r := range results {
		if errs[i] != nil {
			ruleErrs = append(ruleErrs, errs[i].Error())
			continue
		}
		all = append(all, r...)
	}
	done(StageEvaluate)
	cs := merge(all)
	resolve(cs, facts.present, tl)
	cs = dropAccounted(cs, facts.related)
	hs := rank(cs, e.weights(), tl)
	// The lead reads the hypotheses one by one, as ranked; the ledger
	// lists them by group, each group once.
	l := &Ledger{Summary: summarize(hs, facts, len(ruleErrs) > 0), Hypotheses: group(hs, facts.owners), RuleErrors: ruleErrs}
	done(StageRank)
	return l, nil
}

// eval runs one rule on the shared input value.
func (p *preparedRule) eval(ctx context.Context, v ast.Value) ([]candidate, error) {
	rs, err := p.query.Eval(ctx, rego.EvalParsedInput(v))
	if err != nil {
		return nil, fmt.Errorf("%s: rule %s: %w", p.rule.File, p.rule.ID, err)
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return nil, nil // the package defines no hypothesis for this input
	}
	return decode(p.rule, rs[0].Expressions[0].Value)
}

// weights maps rule id to metadata weight, for scores and ties.
func (e *Engine) weights() map[string]int {
	w := make(map[string]int, len(e.rules))
	for _, r := range e.rules {
		w[r.ID] = r.Weight
	}
	return w
}
