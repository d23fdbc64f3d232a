package hypothesis

import (
	"unsafe"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// maxCache bounds the terms and strings one converter shares: object keys
// and many values (kinds, namespaces, reasons, statuses) are a small
// vocabulary, but names and messages are not, and the caches must not grow
// with the bundle.
const maxCache = 8192

// converter turns decoded values (map[string]any, []any, string, int64,
// float64, bool, nil, as the bundle's decoder and encoding/json give them)
// into the AST values ast.InterfaceToValue gives, with fewer allocations:
// it shares one term per distinct object key (keys repeat in every object)
// and allocates each object's and array's terms in one block. One
// converter serves one goroutine; the values it returns are immutable and
// may be shared.
type converter struct {
	keys   map[string]*ast.Term
	strs   map[string]ast.Value
	shared map[string]ast.Value      // small JSON containers by their text
	seen   map[int]ast.Value         // converted containers by hash
	refs   map[bundle.Ref]ast.Value  // shared references
	evs    map[evidenceKey]ast.Value // shared evidence items
	objs   map[[6]string]ast.Value   // shared involved objects of events
	kvs    [][2]*ast.Term            // scratch: fields of the objects being built
	done   map[container]ast.Value   // converted containers by identity
}

// container is the identity of a decoded map or list. A bundle loaded with
// bundle.LoadOptions.Share holds its objects' common parts once, so the
// pods of one ReplicaSet reach the same containers list: it is converted
// once, and the others skip the work and the allocation.
type container struct {
	p unsafe.Pointer
	n int
}

func newConverter() *converter {
	return &converter{keys: map[string]*ast.Term{}, strs: map[string]ast.Value{}, shared: map[string]ast.Value{}, seen: map[int]ast.Value{}, refs: map[bundle.Ref]ast.Value{}, evs: map[evidenceKey]ast.Value{}, objs: map[[6]string]ast.Value{}, done: map[container]ast.Value{}}
}

// share keeps v as the value of the JSON text. A full cache starts over,
// so it keeps serving the values that repeat near each other (within one
// workload) without growing.
func (c *converter) share(text string, v ast.Value) {
	if len(c.shared) >= maxCache {
		clear(c.shared)
	}
	c.shared[text] = v
}

// key is the shared term of an object key.
func (c *converter) key(k string) *ast.Term {
	if t, ok := c.keys[k]; ok {
		return t
	}
	t := ast.StringTerm(k)
	if len(c.keys) < maxCache {
		c.keys[k] = t
	}
	return t
}

// str is the shared value of a string.
func (c *converter) str(s string) ast.Value {
	if v, ok := c.strs[s]; ok {
		return v
	}
	v := ast.String(s)
	if len(c.strs) >= maxCache {
		clear(c.strs) // start over, like share
	}
	c.strs[s] = v
	return v
}

// value converts x; it fails only on a type ast.InterfaceToValue refuses.
func (c *converter) value(x any) (ast.Value, error) {
	switch x := x.(type) {
	case string:
		return c.str(x), nil
	case map[string]any:
		id := container{p: *(*unsafe.Pointer)(unsafe.Pointer(&x)), n: -1}
		if v, ok := c.done[id]; ok {
			return v, nil
		}
		v, err := c.object(x, c.all)
		if err != nil {
			return nil, err
		}
		return c.remember(id, c.dedup(v)), nil
	case []any:
		id := container{p: unsafe.Pointer(unsafe.SliceData(x)), n: len(x)}
		if v, ok := c.done[id]; ok {
			return v, nil // empty lists may share an address: all are []
		}
		terms := make([]ast.Term, len(x))
		ptrs := make([]*ast.Term, len(x))
		for i, e := range x {
			v, err := c.value(e)
			if err != nil {
				return nil, err
			}
			terms[i].Value = v
			ptrs[i] = &terms[i]
		}
		return c.remember(id, c.dedup(ast.NewArray(ptrs...))), nil
	}
	return ast.InterfaceToValue(x)
}

// remember keeps v as the conversion of the container id, starting over
// when full like share.
func (c *converter) remember(id container, v ast.Value) ast.Value {
	if len(c.done) >= maxCache {
		clear(c.done)
	}
	c.done[id] = v
	return v
}

// dedup returns an identical container converted before, if there is one,
// so that repeated parts of objects (the labels, spec and owner references
// pods of one ReplicaSet share) are held once. It keeps one container per
// hash and starts over when full, like share.
func (c *converter) dedup(v ast.Value) ast.Value {
	h := v.Hash()
	if old, ok := c.seen[h]; ok && identical(old, v) {
		return old
	}
	if len(c.seen) >= maxCache {
		clear(c.seen)
	}
	c.seen[h] = v
	return v
}

// fieldFunc converts the value of field k of an object, or leaves the
// field out (keep false).
type fieldFunc func(k string, v any) (val ast.Value, keep bool, err error)

// all converts every field as it is.
func (c *converter) all(_ string, v any) (ast.Value, bool, error) {
	val, err := c.value(v)
	return val, true, err
}

// object converts m field by field through field.
func (c *converter) object(m map[string]any, field fieldFunc) (ast.Value, error) {
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
		c.kvs = append(c.kvs, [2]*ast.Term{c.key(k), t})
	}
	return ast.NewObject(c.kvs[mark:]...), nil
}

// objectOf builds the object of keys[i]: vals[i] with one block of terms.
// It retains neither slice, so callers may pass arrays on their stack.
func (c *converter) objectOf(keys []string, vals []ast.Value) ast.Value {
	terms := make([]ast.Term, len(vals))
	mark := len(c.kvs)
	for i, v := range vals {
		terms[i].Value = v
		c.kvs = append(c.kvs, [2]*ast.Term{c.key(keys[i]), &terms[i]})
	}
	obj := ast.NewObject(c.kvs[mark:]...)
	clear(c.kvs[mark:])
	c.kvs = c.kvs[:mark]
	return obj
}
