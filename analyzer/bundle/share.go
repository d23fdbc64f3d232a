package bundle

import (
	"hash/maphash"
	"math"
	"unsafe"

	"github.com/rift-dev/rift/internal/jsonfast"
)

// maxShared bounds one sharer's table. Identical parts of objects sit near
// each other (the pods of one ReplicaSet are in one file, decoded in a
// row), so a bounded window finds most of them without the table growing
// with the bundle.
const maxShared = 1 << 16

// sharer replaces every map and list inside decoded objects by an equal
// one met before, so that the parts objects have in common (the
// containers, tolerations, owner references and conditions the pods of one
// ReplicaSet repeat, an Event's source) are held once. On the must-gather
// of the corpus two thirds of the maps are such repeats, on the synthetic
// benchmark bundles half. It works bottom-up: children are made canonical
// first, so two containers are equal when their scalars are equal and
// their children are the same pointers, and no comparison goes deeper than
// one level. Objects' own top-level maps are never shared. A map it drops
// for an equal one goes to reuse, which may refill it (the decoder of the
// next file), so the repeats cost no new memory. A sharer serves one
// goroutine.
type sharer struct {
	seed  maphash.Seed
	table map[uint64]any
	raws  map[string]jsonfast.Raw // field-ownership sets by their text
	reuse func(map[string]any)    // nil: dropped maps are left to the collector
}

func newSharer(reuse func(map[string]any)) *sharer {
	return &sharer{seed: maphash.MakeSeed(), table: make(map[uint64]any, 1024), raws: map[string]jsonfast.Raw{}, reuse: reuse}
}

// objects makes the contents of each object's map canonical.
func (s *sharer) objects(objs []*Object) {
	for _, o := range objs {
		for k, v := range o.Object {
			if c, _ := s.value(v); !same(c, v) {
				o.Object[k] = c
			}
		}
	}
}

// value returns the canonical container for v, or v itself when v is a
// scalar, with v's hash.
func (s *sharer) value(v any) (any, uint64) {
	switch x := v.(type) {
	case map[string]any:
		h := uint64(0x9e3779b97f4a7c15)
		for k, e := range x {
			c, eh := s.value(e)
			if !same(c, e) {
				x[k] = c // replacing a key's value while ranging is allowed
			}
			// Maps have no order: sum the fields' mixed hashes.
			h += mix(maphash.String(s.seed, k) ^ eh)
		}
		return s.intern(x, mix(h+uint64(len(x))))
	case []any:
		h := uint64(0x6a09e667f3bcc909)
		for i, e := range x {
			c, eh := s.value(e)
			if !same(c, e) {
				x[i] = c
			}
			h = mix(h ^ eh)
		}
		return s.intern(x, mix(h+uint64(len(x))))
	case string:
		return v, maphash.String(s.seed, x)
	case jsonfast.Raw:
		// A field-ownership set kept as text: pods of one template have
		// the same ones, held once.
		h := mix(maphash.String(s.seed, string(x)) ^ 0x6)
		if old, ok := s.raws[string(x)]; ok {
			return old, h
		}
		if len(s.raws) >= maxShared {
			clear(s.raws)
		}
		s.raws[string(x)] = x
		return x, h
	case int64:
		return v, mix(uint64(x) ^ 0x1)
	case float64:
		return v, mix(math.Float64bits(x) ^ 0x2)
	case bool:
		if x {
			return v, 0x3
		}
		return v, 0x4
	}
	return v, 0x5 // nil, and anything the decoders do not produce
}

// intern returns the container equal to v met before, or records v.
func (s *sharer) intern(v any, h uint64) (any, uint64) {
	if old, ok := s.table[h]; ok && shallowEqual(old, v) {
		if m, isMap := v.(map[string]any); isMap && s.reuse != nil && !same(old, v) {
			s.reuse(m) // v's parent now holds old; nothing else held v
		}
		return old, h
	}
	if len(s.table) >= maxShared {
		clear(s.table)
	}
	s.table[h] = v
	return v, h
}

// shallowEqual reports whether two containers of canonical children are
// equal: same kind and length, equal scalars, and the same child
// containers.
func shallowEqual(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !same(av, bv) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !same(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// same reports whether a and b are the same value: the same container, or
// equal scalars.
func same(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		return ok && mapPointer(a) == mapPointer(b)
	case []any:
		b, ok := b.([]any)
		return ok && len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b)
	case string, int64, float64, bool, nil:
		return a == b
	case jsonfast.Raw:
		// By identity, as containers: equal texts are one after interning.
		b, ok := b.(jsonfast.Raw)
		return ok && len(a) == len(b) && unsafe.StringData(string(a)) == unsafe.StringData(string(b))
	}
	return false
}

// mapPointer is the identity of a map: its runtime header.
func mapPointer(m map[string]any) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&m))
}

// mix is the 64-bit finalizer of MurmurHash3.
func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
