package hypothesis

import (
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/layers"
)

// astList converts n items through item to an array, or null for a nil list,
// as encoding/json writes a nil slice.
func astList(n int, isNil bool, item func(i int) (ast.Value, error)) (ast.Value, error) {
	if isNil {
		return ast.Null{}, nil
	}
	terms := make([]ast.Term, n)
	ptrs := make([]*ast.Term, n)
	for i := range n {
		v, err := item(i)
		if err != nil {
			return nil, err
		}
		terms[i].Value = v
		ptrs[i] = &terms[i]
	}
	return ast.NewArray(ptrs...), nil
}

// stages is the value of a workload's stages; their evidence only if it
// is in fields.
func (c *converter) stages(ss []layers.Stage, fields fieldSet) (ast.Value, error) {
	return astList(len(ss), ss == nil, func(i int) (ast.Value, error) {
		keys := append(make([]string, 0, 3), "name", "status")
		vals := append(make([]ast.Value, 0, 3), c.Str(jsonText(ss[i].Name)), c.Str(jsonText(ss[i].Status)))
		if fields.has("evidence") {
			ev, err := c.evidenceList(ss[i].Evidence)
			if err != nil {
				return nil, err
			}
			keys, vals = append(keys, "evidence"), append(vals, ev)
		}
		return c.ObjectOf(keys, vals), nil
	})
}

// layers is the value of a workload's layers; their evidence only if it
// is in fields.
func (c *converter) layers(ls []layers.Layer, fields fieldSet) (ast.Value, error) {
	return astList(len(ls), ls == nil, func(i int) (ast.Value, error) {
		l := &ls[i]
		keys := append(make([]string, 0, 5), "name", "status")
		vals := append(make([]ast.Value, 0, 5), c.Str(jsonText(l.Name)), c.Str(jsonText(l.Status)))
		if l.Identity != "" {
			keys, vals = append(keys, "identity"), append(vals, c.Str(jsonText(l.Identity)))
		}
		if l.Revision != "" {
			keys, vals = append(keys, "revision"), append(vals, c.Str(jsonText(l.Revision)))
		}
		if fields.has("evidence") {
			ev, err := c.evidenceList(l.Evidence)
			if err != nil {
				return nil, err
			}
			keys, vals = append(keys, "evidence"), append(vals, ev)
		}
		return c.ObjectOf(keys, vals), nil
	})
}

// divergences is the value of a workload's divergences; the expected and
// observed values are JSON text already.
func (c *converter) divergences(ds []layers.Divergence) (ast.Value, error) {
	return astList(len(ds), ds == nil, func(i int) (ast.Value, error) {
		d := &ds[i]
		raw := func(m []byte) (ast.Value, error) {
			if m == nil {
				return ast.Null{}, nil
			}
			// Whole values by their text, however long: the pods of a
			// stuck rollout repeat the template's fields pod after pod.
			if v, ok := c.divVals[string(m)]; ok {
				return v, nil
			}
			v, err := c.jsonValue(m)
			if err == nil {
				if len(c.divVals) >= maxCache {
					clear(c.divVals)
				}
				c.divVals[string(m)] = v
			}
			return v, err
		}
		exp, err := raw(d.Expected)
		if err != nil {
			return nil, fmt.Errorf("divergence %s expected: %w", d.Path, err)
		}
		obs, err := raw(d.Observed)
		if err != nil {
			return nil, fmt.Errorf("divergence %s observed: %w", d.Path, err)
		}
		between, ok := c.pairs[d.Between]
		if !ok {
			between = ast.NewArray(ast.NewTerm(c.Str(jsonText(d.Between[0]))), ast.NewTerm(c.Str(jsonText(d.Between[1]))))
			c.pairs[d.Between] = between
		}
		keys := []string{"between", "object", "path", "expected", "observed"}
		vals := []ast.Value{between, c.ref(d.Object), c.Str(jsonText(d.Path)), exp, obs}
		if d.Owner != "" {
			keys, vals = append(keys, "owner"), append(vals, c.Str(jsonText(d.Owner)))
		}
		if d.Removed {
			keys, vals = append(keys, "removed"), append(vals, astTrue)
		}
		return c.ObjectOf(keys, vals), nil
	})
}

// evidenceList is the value of a list of evidence items.
func (c *converter) evidenceList(es []evidence.Evidence) (ast.Value, error) {
	return astList(len(es), es == nil, func(i int) (ast.Value, error) { return c.evidence(&es[i]) })
}

// evidenceKey identifies an evidence item without a time, so that the
// items layers and stages cite over and over are held once.
type evidenceKey struct {
	ref                        bundle.Ref
	hasRef                     bool
	path, event, file, message string
}

// evidence is the value of one evidence item's JSON form.
func (c *converter) evidence(e *evidence.Evidence) (ast.Value, error) {
	var k evidenceKey
	if e.Time == nil {
		k = evidenceKey{path: e.Path, event: e.Event, file: e.File, message: e.Message}
		if e.Object != nil {
			k.ref, k.hasRef = *e.Object, true
		}
		if v, ok := c.evs[k]; ok {
			return v, nil
		}
	}
	keys := make([]string, 0, 6)
	vals := make([]ast.Value, 0, 6)
	if e.Object != nil {
		keys, vals = append(keys, "object"), append(vals, c.ref(*e.Object))
	}
	for _, f := range [...]struct{ k, v string }{{"path", e.Path}, {"event", e.Event}, {"file", e.File}} {
		if f.v != "" {
			keys, vals = append(keys, f.k), append(vals, c.Str(jsonText(f.v)))
		}
	}
	if e.Time != nil {
		b, err := e.Time.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("evidence time: %w", err)
		}
		keys, vals = append(keys, "time"), append(vals, c.Str(string(b[1:len(b)-1])))
	}
	keys, vals = append(keys, "message"), append(vals, c.Str(jsonText(e.Message)))
	v := c.ObjectOf(keys, vals)
	if e.Time == nil {
		if len(c.evs) >= maxCache {
			clear(c.evs)
		}
		c.evs[k] = v
	}
	return v, nil
}

// applyState is the value of a workload's apply state.
func (c *converter) applyState(a *layers.ApplyState) ast.Value {
	keys := []string{"state", "by", "reason"}
	vals := []ast.Value{c.Str(jsonText(a.State)), c.ref(a.By), c.Str(jsonText(a.Reason))}
	if a.Setting != "" {
		keys, vals = append(keys, "setting"), append(vals, c.Str(jsonText(a.Setting)))
	}
	return c.ObjectOf(keys, vals)
}
