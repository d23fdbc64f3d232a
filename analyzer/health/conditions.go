package health

import (
	"sort"
	"strings"
)

// Condition is one entry of status.conditions.
type Condition struct {
	Type, Status, Reason, Message string
	// Severity is Cluster API's: Error, Warning or Info.
	Severity string
	// ObservedGeneration is the generation the condition describes (0
	// when the controller does not say).
	ObservedGeneration int64
}

func (c Condition) say(t string) string {
	s := t + "=" + c.Status
	if c.Reason != "" {
		s += " " + c.Reason
	}
	if c.Message != "" {
		s += ": " + c.Message
	}
	return s
}

// ConditionSet is status.conditions by type.
type ConditionSet map[string]Condition

func (cs ConditionSet) types() string {
	var out []string
	for t := range cs {
		out = append(out, t)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// Conditions reads status.conditions; the first entry of a type wins.
func Conditions(m map[string]any) ConditionSet {
	l, _ := dig(m, "status", "conditions").([]any)
	out := make(ConditionSet, len(l))
	for _, x := range l {
		c, ok := x.(map[string]any)
		if !ok {
			continue
		}
		s := func(k string) string {
			if b, ok := c[k].(bool); ok { // status: True, unquoted in YAML
				return map[bool]string{true: "True", false: "False"}[b]
			}
			v, _ := c[k].(string)
			return v
		}
		if _, dup := out[s("type")]; !dup && s("type") != "" {
			g, _ := num(c["observedGeneration"])
			out[s("type")] = Condition{Type: s("type"), Status: s("status"), Reason: s("reason"), Message: s("message"), Severity: s("severity"), ObservedGeneration: g}
		}
	}
	return out
}

func dig(m map[string]any, path ...string) any {
	var v any = m
	for _, p := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[p]
	}
	return v
}

func num(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case int:
		return int64(n), true
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}
