package health

import "github.com/open-policy-agent/opa/v1/ast"

// converter turns decoded objects into Rego values, the values
// ast.InterfaceToValue returns (TestConverterIsInterfaceToValue), with a
// third fewer bytes: each key's term is made once per converter rather
// than once per object, an object's key-value pairs are built in one
// reused buffer, and its value terms in one block. Converting the objects
// was half the cost of judging them. A converter is not safe for
// concurrent use; each worker has its own.
type converter struct {
	keys map[string]*ast.Term
	kvs  [][2]*ast.Term
}

// maxKeys bounds the key cache: object keys are field names, a few
// hundred in a bundle, but a map keyed by names or hashes (labels,
// data) brings new ones with every object.
const maxKeys = 4096

func newConverter() *converter { return &converter{keys: map[string]*ast.Term{}} }

// value converts x, failing where ast.InterfaceToValue fails.
func (c *converter) value(x any) (ast.Value, error) {
	switch x := x.(type) {
	case string:
		return ast.String(x), nil
	case map[string]any:
		terms := make([]ast.Term, len(x))
		mark := len(c.kvs) // nested objects push and pop above mark
		defer func() { c.kvs = c.kvs[:mark] }()
		for k, v := range x {
			val, err := c.value(v)
			if err != nil {
				return nil, err
			}
			t := &terms[len(c.kvs)-mark]
			t.Value = val
			c.kvs = append(c.kvs, [2]*ast.Term{c.key(k), t})
		}
		return ast.NewObject(c.kvs[mark:]...), nil
	case []any:
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
		return ast.NewArray(ptrs...), nil
	}
	return ast.InterfaceToValue(x)
}

// key is the shared term of an object key. Terms of the input are never
// changed by evaluation, so objects may share them.
func (c *converter) key(k string) *ast.Term {
	if t, ok := c.keys[k]; ok {
		return t
	}
	t := ast.StringTerm(k)
	if len(c.keys) < maxKeys {
		c.keys[k] = t
	}
	return t
}
