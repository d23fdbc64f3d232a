package hypothesis

import (
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// sanitize returns the object as rules see it. Secret values never enter
// the input: a Secret keeps its metadata, type and key names only, and
// ConfigMaps keep key names (their data is bulky and rules need only keys).
// managedFields and the last-applied annotation are dropped because they
// duplicate the object (and, for a Secret, its values).
func sanitize(o *bundle.Object) map[string]any {
	src := o.Object
	out := make(map[string]any, len(src))
	for k, v := range src {
		out[k] = v
	}
	if md, ok := src["metadata"].(map[string]any); ok {
		m := make(map[string]any, len(md))
		for k, v := range md {
			if k != "managedFields" {
				m[k] = v
			}
		}
		if ann, ok := md["annotations"].(map[string]any); ok {
			a := make(map[string]any, len(ann))
			for k, v := range ann {
				if k != "kubectl.kubernetes.io/last-applied-configuration" {
					a[k] = v
				}
			}
			m["annotations"] = a
		}
		out["metadata"] = m
	}
	if o.GetKind() == "Secret" || o.GetKind() == "ConfigMap" {
		keys := map[string]bool{}
		for _, f := range []string{"data", "stringData", "binaryData"} {
			if d, ok := src[f].(map[string]any); ok {
				for k := range d {
					keys[k] = true
				}
			}
			delete(out, f)
		}
		out["dataKeys"] = sortedKeys(keys)
	}
	return out
}

func sortedKeys(m map[string]bool) []any {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	out := make([]any, len(ks))
	for i, k := range ks {
		out[i] = k
	}
	return out
}

// str reads a string at a field path of an unstructured map.
func str(obj map[string]any, path ...string) string {
	var cur any = obj
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		cur = m[p]
	}
	s, _ := cur.(string)
	return s
}

// list reads a slice at a field path of an unstructured map.
func list(obj map[string]any, path ...string) []any {
	var cur any = obj
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	l, _ := cur.([]any)
	return l
}

func num(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

// refKey formats a reference the way bundle.Ref.String does; every "by
// object" map of the input is keyed this way.
func refKey(kind, ns, name string) string {
	return bundle.Ref{Kind: kind, Namespace: ns, Name: name}.String()
}

// listMap is a map of growing lists, converted to the []any form the AST
// conversion takes without reflection.
type listMap map[string][]any

// sortStrings sorts lists that hold only strings ("ns/name" keys), so that
// rules and the documentation see them in a stable order.
func (l listMap) sortStrings() listMap {
	for _, v := range l {
		sort.Slice(v, func(i, j int) bool { return v[i].(string) < v[j].(string) })
	}
	return l
}

func (l listMap) plain() map[string]any {
	out := make(map[string]any, len(l))
	for k, v := range l {
		out[k] = v
	}
	return out
}
