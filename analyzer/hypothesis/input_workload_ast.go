package hypothesis

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// workload converts w to the AST value of its JSON form (the report
// contract: field names, omitempty, null for a nil list, strings and
// numbers as they read back from JSON), built from the struct instead of
// its text, keeping only the fields in fields (the workload's own fields,
// and the evidence of its stages and layers).
func (c *converter) workload(w *layers.Workload, fields fieldSet) (ast.Value, error) {
	var keys []string
	var vals []ast.Value
	add := func(k string, v ast.Value) {
		keys = append(keys, k)
		vals = append(vals, v)
	}
	if fields.has("ref") {
		add("ref", c.ref(w.Ref))
	}
	if fields.has("convergence") {
		add("convergence", c.Str(jsonText(w.Convergence)))
	}
	if fields.has("convergenceReason") {
		add("convergenceReason", c.Str(jsonText(w.ConvergenceReason)))
	}
	if fields.has("blocker") && w.Blocker != "" {
		add("blocker", c.Str(jsonText(w.Blocker)))
	}
	for _, l := range []struct {
		name string
		conv func() (ast.Value, error)
	}{
		{"stages", func() (ast.Value, error) { return c.stages(w.Stages, fields) }},
		{"layers", func() (ast.Value, error) { return c.layers(w.Layers, fields) }},
		{"divergences", func() (ast.Value, error) { return c.divergences(w.Divergences) }},
	} {
		if !fields.has(l.name) {
			continue
		}
		v, err := l.conv()
		if err != nil {
			return nil, err
		}
		add(l.name, v)
	}
	if fields.has("owners") && len(w.Owners) > 0 {
		ts := make([]*ast.Term, len(w.Owners))
		for i, o := range w.Owners {
			ts[i] = ast.NewTerm(c.ref(o))
		}
		add("owners", ast.NewArray(ts...))
	}
	if fields.has("pods") && len(w.Pods) > 0 {
		ts := make([]*ast.Term, len(w.Pods))
		for i := range w.Pods {
			ts[i] = ast.NewTerm(c.podState(&w.Pods[i]))
		}
		add("pods", ast.NewArray(ts...))
	}
	if fields.has("apply") && w.Apply != nil {
		add("apply", c.applyState(w.Apply))
	}
	if fields.has("waitsOn") && len(w.WaitsOn) > 0 {
		ts := make([]*ast.Term, len(w.WaitsOn))
		for i, r := range w.WaitsOn {
			ts[i] = ast.NewTerm(c.ref(r))
		}
		add("waitsOn", ast.NewArray(ts...))
	}
	return c.ObjectOf(keys, vals), nil
}

// ref is the value of a reference's JSON form, shared while it repeats
// (a workload's owners are the owners of its neighbours).
func (c *converter) ref(r bundle.Ref) ast.Value {
	if v, ok := c.refs[r]; ok {
		return v
	}
	var ka [4]string
	var va [4]ast.Value
	keys, vals := ka[:0], va[:0]
	if r.APIVersion != "" {
		keys, vals = append(keys, "apiVersion"), append(vals, c.Str(jsonText(r.APIVersion)))
	}
	keys, vals = append(keys, "kind"), append(vals, c.Str(jsonText(r.Kind)))
	if r.Namespace != "" {
		keys, vals = append(keys, "namespace"), append(vals, c.Str(jsonText(r.Namespace)))
	}
	keys, vals = append(keys, "name"), append(vals, c.Str(jsonText(r.Name)))
	v := c.ObjectOf(keys, vals)
	if len(c.refs) >= maxCache {
		clear(c.refs)
	}
	c.refs[r] = v
	return v
}

// podState is the value of a PodState's JSON form.
func (c *converter) podState(p *layers.PodState) ast.Value {
	keys := make([]string, 0, 8)
	vals := make([]ast.Value, 0, 8)
	opt := func(k, s string) {
		if s != "" {
			keys, vals = append(keys, k), append(vals, c.Str(jsonText(s)))
		}
	}
	keys, vals = append(keys, "name"), append(vals, c.Str(jsonText(p.Name)))
	opt("revision", p.Revision)
	keys, vals = append(keys, "current"), append(vals, boolValue(p.Current))
	opt("phase", p.Phase)
	keys, vals = append(keys, "ready"), append(vals, boolValue(p.Ready))
	keys, vals = append(keys, "restarts"), append(vals, c.number(p.Restarts))
	opt("node", p.Node)
	opt("reason", p.Reason)
	return c.ObjectOf(keys, vals)
}

// number is n as json.Unmarshal reads its text back: a float64.
func (c *converter) number(n int64) ast.Value {
	if n >= 0 && n < int64(len(smallNumbers)) {
		return smallNumbers[n]
	}
	return ast.Number(strconv.FormatFloat(float64(n), 'g', -1, 64))
}

// boolValue is b as a value boxed once, not once per pod.
func boolValue(b bool) ast.Value {
	if b {
		return astTrue
	}
	return astFalse
}

var astTrue, astFalse ast.Value = ast.Boolean(true), ast.Boolean(false)

// smallNumbers are the values of the counts most pods have.
var smallNumbers = func() []ast.Value {
	ns := make([]ast.Value, 64)
	for i := range ns {
		ns[i] = ast.Number(strconv.FormatFloat(float64(i), 'g', -1, 64))
	}
	return ns
}()

// jsonText is s as it reads back from its JSON form: encoding/json
// replaces each invalid UTF-8 byte with U+FFFD.
func jsonText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b, _ := json.Marshal(s)
	var out string
	_ = json.Unmarshal(b, &out) // json.Marshal of a string cannot fail
	return out
}
