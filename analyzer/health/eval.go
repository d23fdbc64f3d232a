package health

import (
	"context"
	"fmt"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Judge judges o by the rule that wins its group and kind, else by the
// fallback. ok is false when neither has anything to say: no rule claims
// the kind and the object carries none of the conventions the fallback
// reads (a ConfigMap). Go rules are not evaluated here: for a kind whose
// winning rule is a Go rule Judge returns the rule with ok false, and the
// caller (the layers) runs it.
func (r *Registry) Judge(o *bundle.Object) (res Result, rule *Rule, ok bool) {
	rule = r.Lookup(Of(o))
	if rule != nil && rule.Origin == OriginGo {
		return Result{}, rule, false
	}
	if rule != nil {
		if res, ok := r.Eval(rule, o); ok {
			return res, rule, true
		}
	}
	res, ok = Fallback(o)
	return res, rule, ok
}

// Eval evaluates a Rego rule on one object (by its Go body, when the
// built-in rule has one for the object's kind: native). ok is false when the rule
// leaves `health` undefined for it (the fallback judges then). An
// evaluation error or a malformed result is an unknown judgement that
// names the rule and the error: one bad rule never stops an analysis.
func (r *Registry) Eval(rule *Rule, o *bundle.Object) (Result, bool) {
	if f := nativeFor(rule, Of(o)); f != nil {
		if res, ok, sure := f(o.Object); sure {
			if ok {
				res.Rule = rule.ID
			}
			return res, ok
		}
	}
	return r.evalRego(rule, o)
}

// evalRego is Eval by evaluating the Rego rule, whatever Go body it has.
func (r *Registry) evalRego(rule *Rule, o *bundle.Object) (Result, bool) {
	if rule.query == nil {
		return Result{}, false
	}
	if err := rule.query.prepare(rule); err != nil {
		return bad(rule, err), true
	}
	v, err := ast.InterfaceToValue(o.Object)
	if err != nil {
		return bad(rule, err), true
	}
	rs, err := rule.query.prepared.Eval(context.Background(), rego.EvalParsedInput(v))
	if err != nil {
		return bad(rule, err), true
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return Result{}, false
	}
	return decode(rule, rs[0].Expressions[0].Value), true
}

func bad(rule *Rule, err error) Result {
	return Result{Status: Unknown, Reason: fmt.Sprintf("health rule %s (%s): %v", rule.ID, where(rule), err), Rule: rule.ID}
}

// decode reads {status, reason, fields} from a rule's value.
func decode(rule *Rule, v any) Result {
	m, ok := v.(map[string]any)
	if !ok {
		return bad(rule, fmt.Errorf("health is %T, want an object {status, reason, fields}", v))
	}
	res := Result{Rule: rule.ID}
	res.Status, _ = m["status"].(string)
	res.Reason, _ = m["reason"].(string)
	if !ValidStatus(res.Status) {
		return bad(rule, fmt.Errorf("status %q: want one of %s", res.Status, strings.Join(Statuses, ", ")))
	}
	if fs, ok := m["fields"].([]any); ok {
		for _, f := range fs {
			if s, ok := f.(string); ok {
				res.Fields = append(res.Fields, s)
			}
		}
	}
	return res
}
