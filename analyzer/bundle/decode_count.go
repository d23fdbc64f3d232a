package bundle

import (
	"encoding/json"
	"fmt"
	"math"
)

// countFields are the counters of a kind that the analysis reads as
// numbers, each an int32 in the API and never negative: a value outside
// 0..MaxInt32 (negative, overflowed, fractional, not a number) was never
// written by a cluster, and is dropped with a load error rather than
// read as a count.
var countFields = []struct {
	group, kind string
	lists       []string // status lists of containers
	field       string
}{
	{"", "Pod", []string{"containerStatuses", "initContainerStatuses", "ephemeralContainerStatuses"}, "restartCount"},
}

// checkCounts removes every count field of o outside 0..MaxInt32 and
// returns one message per removed field, naming its path.
func checkCounts(o *Object) []string {
	var msgs []string
	gvk := o.GroupVersionKind()
	status, _ := o.Object["status"].(map[string]any)
	for _, f := range countFields {
		if f.group != gvk.Group || f.kind != gvk.Kind || status == nil {
			continue
		}
		for _, list := range f.lists {
			items, _ := status[list].([]any)
			for i, it := range items {
				m, ok := it.(map[string]any)
				if !ok {
					continue
				}
				v, present := m[f.field]
				if !present || v == nil || validCount(v) {
					continue
				}
				msgs = append(msgs, fmt.Sprintf("status.%s[%d].%s: %s is not a count (want an integer from 0 to %d); field dropped",
					list, i, f.field, quoteNumber(v), math.MaxInt32))
				delete(m, f.field)
			}
		}
	}
	return msgs
}

// validCount reports whether v, as a decoder left it, is an integer in
// 0..MaxInt32.
func validCount(v any) bool {
	var f float64
	switch n := v.(type) {
	case int64:
		return n >= 0 && n <= math.MaxInt32
	case int:
		return n >= 0 && n <= math.MaxInt32
	case float64:
		f = n
	case json.Number:
		if i, err := n.Int64(); err == nil {
			return i >= 0 && i <= math.MaxInt32
		}
		var err error
		if f, err = n.Float64(); err != nil {
			return false
		}
	default:
		return false
	}
	return f >= 0 && f <= math.MaxInt32 && f == math.Trunc(f)
}

// quoteNumber shows a bad count: a number as written, anything else as
// quoteShort does.
func quoteNumber(v any) string {
	switch n := v.(type) {
	case int64, int, json.Number:
		return fmt.Sprint(n)
	case float64:
		return fmt.Sprint(n)
	}
	return quoteShort(v)
}
