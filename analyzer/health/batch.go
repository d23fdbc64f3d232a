package health

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/astconv"
	"github.com/rift-dev/rift/internal/pool"
)

// batchSize is how many objects one evaluation judges. Each evaluation
// costs a fixed setup (a storage transaction, caches, the query's
// bindings) that one evaluation per object paid for every object; a chunk
// pays it once. Chunks of 64 keep one chunk's input small and leave both
// processors work when a bundle holds a few hundred objects of a kind.
const batchSize = 64

// Evaluated is EvalAll's answer for one object: the Rego rule that wins
// its kind (nil when a Go rule or no rule does, and then nothing was
// evaluated), and what Eval would have returned.
type Evaluated struct {
	Rule   *Rule
	Result Result
	// OK is Eval's ok: false when the rule leaves health undefined.
	OK bool
}

// EvalAll evaluates, for every object of objs, the Rego rule that wins its
// group and kind, and returns exactly what Eval returns for each, in the
// order of objs. It judges the objects of one rule in chunks of
// batchSize, each in one evaluation of the rule's batch query, and the
// chunks on the worker pool. Objects of the same rule are judged
// independently: `with input as` gives each its own input and caches.
func (r *Registry) EvalAll(objs []*bundle.Object) []Evaluated {
	out := make([]Evaluated, len(objs))
	byRule := map[*Rule][]int{}
	for i, o := range objs {
		gk := Of(o)
		x := r.Lookup(gk)
		if x == nil || x.query == nil {
			continue
		}
		out[i].Rule = x
		if f := nativeFor(x, gk); f != nil {
			// A Go body costs less than handing the object to a worker.
			if res, ok, sure := f(o.Object); sure {
				if ok {
					res.Rule = x.ID
				}
				out[i].Result, out[i].OK = res, ok
				continue
			}
		}
		byRule[x] = append(byRule[x], i)
	}
	type chunk struct {
		rule *Rule
		idx  []int
	}
	var chunks []chunk
	for x, idx := range byRule {
		for len(idx) > 0 {
			n := min(len(idx), batchSize)
			chunks = append(chunks, chunk{x, idx[:n]})
			idx = idx[n:]
		}
	}
	// The results do not depend on the order; a fixed one keeps runs alike.
	slices.SortFunc(chunks, func(a, b chunk) int { return cmp.Compare(a.idx[0], b.idx[0]) })
	pool.ForEachWith(len(chunks), 1, newConverter, func(conv *astconv.Converter, k int) {
		c := chunks[k]
		r.evalBatch(conv, c.rule, objs, c.idx, out)
	})
	return out
}

// newConverter is a worker's converter. It shares object keys only: the
// values are garbage once the chunk is judged, so the sharing caches of
// the rule input would cost more than they save.
func newConverter() *astconv.Converter { return astconv.New(astconv.Options{}) }

// evalBatch judges objs[i] for every i of idx by rule, writing out[i]. An
// object that does not convert is judged as Eval judges it; when the
// evaluation fails (a rule that gives one object two values stops the
// whole query), every object of the chunk is evaluated alone, so that the
// error lands on the object that caused it, worded as Eval words it.
func (r *Registry) evalBatch(conv *astconv.Converter, rule *Rule, objs []*bundle.Object, idx []int, out []Evaluated) {
	if err := rule.query.prepare(rule); err != nil {
		for _, i := range idx {
			out[i].Result, out[i].OK = bad(rule, err), true
		}
		return
	}
	terms := make([]*ast.Term, 0, len(idx))
	at := make([]int, 0, len(idx)) // at[k]: the object of terms[k]
	for _, i := range idx {
		v, err := conv.Value(objs[i].Object)
		if err != nil {
			out[i].Result, out[i].OK = bad(rule, err), true
			continue
		}
		terms = append(terms, ast.NewTerm(v))
		at = append(at, i)
	}
	if len(terms) == 0 {
		return
	}
	rs, err := rule.query.batch.Eval(context.Background(), rego.EvalParsedInput(ast.NewArray(terms...)))
	if err != nil || len(rs) != 1 {
		for _, i := range at {
			out[i].Result, out[i].OK = r.Eval(rule, objs[i])
		}
		return
	}
	pairs, _ := rs[0].Bindings[batchVar].([]any)
	for _, p := range pairs {
		p, _ := p.([]any)
		if len(p) != 2 {
			continue
		}
		n, _ := p[0].(json.Number)
		k, err := n.Int64()
		if err != nil || k < 0 || int(k) >= len(at) {
			continue
		}
		out[at[k]].Result, out[at[k]].OK = decode(rule, p[1]), true
	}
}
