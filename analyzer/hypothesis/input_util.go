package hypothesis

import (
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/internal/pool"
)

// str reads a string at a field path of an unstructured map
// (facts.String).
func str(obj map[string]any, path ...string) string { return facts.String(obj, path...) }

// list reads a slice at a field path of an unstructured map (facts.Slice).
func list(obj map[string]any, path ...string) []any { return facts.Slice(obj, path...) }

// num reads v as an integer (facts.AsInt64), 0 when it is not one.
func num(v any) int64 {
	n, _ := facts.AsInt64(v)
	return n
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

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func mapAt(obj map[string]any, k string) map[string]any { return facts.Map(obj, k) }

// parallel calls f(c, i) for every i in [0, n) on the shared worker pool
// (pool.ForEachWith); each worker has its own converter c, whose caches
// are not safe to share. f must only write to its own i.
func parallel(n int, f func(c *converter, i int)) {
	const minPerWorker = 64 // small items: a goroutine for fewer costs more than it saves
	pool.ForEachWith(n, minPerWorker, newConverter, f)
}
