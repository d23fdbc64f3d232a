// Package astconv converts decoded objects (map[string]any, []any, string,
// int64, float64, bool, nil, as the bundle's decoder and encoding/json give
// them) into the Rego values ast.InterfaceToValue gives, with fewer
// allocations. It is the one converter of the rule input
// (analyzer/hypothesis) and of the health rules' input (analyzer/health).
package astconv

import (
	"unsafe"

	"github.com/open-policy-agent/opa/v1/ast"
)

// MaxCache bounds each cache of a converter: object keys and many values
// (kinds, namespaces, reasons, statuses) are a small vocabulary, but names
// and messages are not, and the caches must not grow with the bundle.
const MaxCache = 8192

// Options says what a converter shares besides object keys.
type Options struct {
	// Share holds repeats once: equal strings, a container converted
	// before (by identity: a bundle loaded with bundle.LoadOptions.Share
	// holds its objects' common parts once), and a container identical
	// to one converted before. It pays where the values live long and
	// repeat (the rule input, read by every rule); where each value is
	// garbage after one evaluation (a health rule's object), its lookups
	// cost more than they save.
	Share bool
}

// Converter converts values. It shares one term per distinct object key
// (keys repeat in every object) and allocates each object's and array's
// terms in one block. One converter serves one goroutine; the values it
// returns are immutable and may be shared.
type Converter struct {
	share bool
	keys  map[string]*ast.Term
	strs  map[string]ast.Value
	seen  map[int]ast.Value       // converted containers by hash
	done  map[container]ast.Value // converted containers by identity
	kvs   [][2]*ast.Term          // scratch: fields of the objects being built
}

// container is the identity of a decoded map or list.
type container struct {
	p unsafe.Pointer
	n int
}

// New returns a converter with empty caches.
func New(o Options) *Converter {
	c := &Converter{share: o.Share, keys: map[string]*ast.Term{}}
	if o.Share {
		c.strs, c.seen, c.done = map[string]ast.Value{}, map[int]ast.Value{}, map[container]ast.Value{}
	}
	return c
}

// Key is the shared term of an object key.
func (c *Converter) Key(k string) *ast.Term {
	if t, ok := c.keys[k]; ok {
		return t
	}
	t := ast.StringTerm(k)
	if len(c.keys) < MaxCache {
		c.keys[k] = t
	}
	return t
}

// KeyBytes is Key of string(k), without copying k when the key is known.
func (c *Converter) KeyBytes(k []byte) *ast.Term {
	if t, ok := c.keys[string(k)]; ok {
		return t
	}
	return c.Key(string(k))
}

// Str is the value of a string, shared under Options.Share.
func (c *Converter) Str(s string) ast.Value {
	if !c.share {
		return ast.String(s)
	}
	if v, ok := c.strs[s]; ok {
		return v
	}
	v := ast.String(s)
	if len(c.strs) >= MaxCache {
		clear(c.strs) // start over: keeps serving the values that repeat near each other
	}
	c.strs[s] = v
	return v
}

// StrBytes is Str of string(b), without copying b when the string is known.
func (c *Converter) StrBytes(b []byte) ast.Value {
	if v, ok := c.strs[string(b)]; ok {
		return v
	}
	return c.Str(string(b))
}
