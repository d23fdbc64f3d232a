package layers

import (
	"fmt"
	"strings"
)

// seg is one step of a field path: a map key, or a list element picked by
// its merge key (match) or, for lists without one, by position.
type seg struct {
	key   string
	match []kv
	index int
	isIdx bool
}

// kv is one merge-key field of a list element, with its raw value so the
// managedFields walk can compare it with the k:{...} keys of fieldsV1.
type kv struct {
	name  string
	value any
}

type fieldPath []seg

func (p fieldPath) with(s seg) fieldPath {
	out := make(fieldPath, len(p), len(p)+1)
	copy(out, p)
	return append(out, s)
}

func (p fieldPath) key(k string) fieldPath { return p.with(seg{key: k}) }

// last returns the last map key on the path, which names the list or map
// being compared (containers, env, limits...).
func (p fieldPath) last() string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i].key != "" {
			return p[i].key
		}
	}
	return ""
}

// String renders the path the way people read it:
// spec.template.spec.containers[name=kafka].readinessProbe.
func (p fieldPath) String() string {
	var b strings.Builder
	for _, s := range p {
		switch {
		case s.key != "":
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.key)
		case s.isIdx:
			fmt.Fprintf(&b, "[%d]", s.index)
		default:
			b.WriteByte('[')
			for i, m := range s.match {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "%s=%v", m.name, m.value)
			}
			b.WriteByte(']')
		}
	}
	return b.String()
}

// under reports whether any key on the path is one of names.
func (p fieldPath) under(names ...string) bool {
	for _, s := range p {
		for _, n := range names {
			if s.key == n {
				return true
			}
		}
	}
	return false
}
