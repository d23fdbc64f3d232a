package astconv

import (
	"unsafe"

	"github.com/open-policy-agent/opa/v1/ast"
)

// Value converts x; it fails where ast.InterfaceToValue fails, with its
// error.
func (c *Converter) Value(x any) (ast.Value, error) {
	switch x := x.(type) {
	case string:
		return c.Str(x), nil
	case map[string]any:
		if !c.share {
			return c.Object(x, c.All)
		}
		id := container{p: *(*unsafe.Pointer)(unsafe.Pointer(&x)), n: -1}
		if v, ok := c.done[id]; ok {
			return v, nil
		}
		v, err := c.Object(x, c.All)
		if err != nil {
			return nil, err
		}
		return c.remember(id, c.dedup(v)), nil
	case []any:
		id := container{p: unsafe.Pointer(unsafe.SliceData(x)), n: len(x)}
		if v, ok := c.done[id]; c.share && ok {
			return v, nil // empty lists may share an address: all are []
		}
		terms := make([]ast.Term, len(x))
		ptrs := make([]*ast.Term, len(x))
		for i, e := range x {
			v, err := c.Value(e)
			if err != nil {
				return nil, err
			}
			terms[i].Value = v
			ptrs[i] = &terms[i]
		}
		if !c.share {
			return ast.NewArray(ptrs...), nil
		}
		return c.remember(id, c.dedup(ast.NewArray(ptrs...))), nil
	}
	return ast.InterfaceToValue(x)
}

// remember keeps v as the conversion of the container id, starting over
// when full like Str.
func (c *Converter) remember(id container, v ast.Value) ast.Value {
	if len(c.done) >= MaxCache {
		clear(c.done)
	}
	c.done[id] = v
	return v
}

// dedup returns an identical container converted before, if there is one,
// so that repeated parts of objects (the labels, spec and owner references
// pods of one ReplicaSet share) are held once. It keeps one container per
// hash and starts over when full, like Str.
func (c *Converter) dedup(v ast.Value) ast.Value {
	h := v.Hash()
	if old, ok := c.seen[h]; ok && identical(old, v) {
		return old
	}
	if len(c.seen) >= MaxCache {
		clear(c.seen)
	}
	c.seen[h] = v
	return v
}

// FieldFunc converts the value of field k of an object, or leaves the
// field out (keep false).
type FieldFunc func(k string, v any) (val ast.Value, keep bool, err error)

// All is the FieldFunc that converts every field as it is.
func (c *Converter) All(_ string, v any) (ast.Value, bool, error) {
	val, err := c.Value(v)
	return val, true, err
}

// Object converts m field by field through field.
func (c *Converter) Object(m map[string]any, field FieldFunc) (ast.Value, error) {
	terms := make([]ast.Term, len(m))
	mark := len(c.kvs) // nested objects push and pop above mark
	defer func() { c.kvs = c.kvs[:mark] }()
	for k, v := range m {
		val, keep, err := field(k, v)
		if err != nil {
			return nil, err
		}
		if !keep {
			continue
		}
		t := &terms[len(c.kvs)-mark]
		t.Value = val
		c.kvs = append(c.kvs, [2]*ast.Term{c.Key(k), t})
	}
	return ast.NewObject(c.kvs[mark:]...), nil
}

// ObjectOf builds the object of keys[i]: vals[i] with one block of terms.
// It retains neither slice, so callers may pass arrays on their stack.
func (c *Converter) ObjectOf(keys []string, vals []ast.Value) ast.Value {
	terms := make([]ast.Term, len(vals))
	mark := len(c.kvs)
	for i, v := range vals {
		terms[i].Value = v
		c.kvs = append(c.kvs, [2]*ast.Term{c.Key(keys[i]), &terms[i]})
	}
	obj := ast.NewObject(c.kvs[mark:]...)
	clear(c.kvs[mark:])
	c.kvs = c.kvs[:mark]
	return obj
}
