package facts

import (
	"encoding/json"
	"math"
	"strconv"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// The field accessors read unstructured objects as the decoders leave them
// (map[string]any, []any, string, bool, nil, and numbers as int64, float64
// or json.Number) without panicking on malformed input: a field of the
// wrong type reads as absent, so bad data degrades to "unknown" rather than
// to a crash. Every stage reads numbers, int-or-percent values and
// quantities through them, so one capture reads the same everywhere.

// Field returns the value at path in m, walking nested maps, and whether
// every step was there: a present null reads (nil, true), a missing key or
// a step through a non-map (nil, false). An empty path returns m itself.
func Field(m map[string]any, path ...string) (any, bool) {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = mm[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// String reads a string at path; anything else reads "".
func String(m map[string]any, path ...string) string {
	v, _ := Field(m, path...)
	s, _ := v.(string)
	return s
}

// Bool reads a bool at path; anything else, "true" included, reads false.
func Bool(m map[string]any, path ...string) bool {
	v, _ := Field(m, path...)
	b, _ := v.(bool)
	return b
}

// Map reads a map at path; anything else reads nil.
func Map(m map[string]any, path ...string) map[string]any {
	v, _ := Field(m, path...)
	mm, _ := v.(map[string]any)
	return mm
}

// Slice reads a list at path; anything else reads nil.
func Slice(m map[string]any, path ...string) []any {
	v, _ := Field(m, path...)
	s, _ := v.([]any)
	return s
}

// Int64 reads an integer at path as AsInt64 does; ok is false when the
// field is absent or not an integer.
func Int64(m map[string]any, path ...string) (int64, bool) {
	v, ok := Field(m, path...)
	if !ok {
		return 0, false
	}
	return AsInt64(v)
}

// AsInt64 reads v as an integer. It takes every form an integer arrives
// in: int64 (the bundle loader and yamlfast), float64 with an integral
// value (encoding/json and sigs.k8s.io/yaml decode all numbers so),
// json.Number (a decoder with UseNumber), int and int32 (objects built in
// Go), and a decimal string such as "3", which hand-written and converted
// captures carry. A fraction (2.5, "2.5") or a float beyond int64 is not
// an integer: truncating it would invent a count the object never had.
func AsInt64(v any) (int64, bool) {
	if n, ok := number(v); ok {
		return n, true
	}
	if s, ok := v.(string); ok {
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	}
	return 0, false
}

// number is AsInt64 for the values that are numbers in themselves.
func number(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case int:
		return int64(n), true
	case int32:
		return int64(n), true
	case float64:
		return integral(n)
	case json.Number:
		if i, err := n.Int64(); err == nil {
			return i, true
		}
		f, err := n.Float64()
		if err != nil {
			return 0, false
		}
		return integral(f)
	}
	return 0, false
}

// integral converts f when it is a whole number within int64's range
// (-2^63 <= f < 2^63; 2^63 itself, a float64, does not fit).
func integral(f float64) (int64, bool) {
	if f != math.Trunc(f) || f < math.MinInt64 || f >= math.MaxInt64 {
		return 0, false
	}
	return int64(f), true
}

// IntOrString reads v as an int-or-string field such as maxUnavailable or
// a probe's port: a string is a String, a number AsInt64 accepts and int32
// holds is an Int. A numeric string stays a String, as the API server's
// decoder keeps it; ok is false for any other value.
func IntOrString(v any) (intstr.IntOrString, bool) {
	if s, ok := v.(string); ok {
		return intstr.FromString(s), true
	}
	n, ok := number(v)
	if !ok || n != int64(int32(n)) {
		return intstr.IntOrString{}, false
	}
	return intstr.FromInt32(int32(n)), true
}

// Scaled resolves the int-or-percent v against total as the Deployment,
// DaemonSet and StatefulSet controllers do, through
// intstr.GetScaledValueFromIntOrPercent: an Int is itself, "25%" is 25% of
// total, rounded up when roundUp (maxSurge) and down otherwise
// (maxUnavailable). A nil v is def, the API server's default. ok is false
// for a value the controllers cannot resolve ("25.5%", "3", true), which
// the API server would have refused.
func Scaled(v any, def intstr.IntOrString, total int64, roundUp bool) (int64, bool) {
	is := def
	if v != nil {
		var ok bool
		if is, ok = IntOrString(v); !ok {
			return 0, false
		}
	}
	n, err := intstr.GetScaledValueFromIntOrPercent(&is, int(total), roundUp)
	if err != nil {
		return 0, false
	}
	return int64(n), true
}

// AsQuantity reads v as a resource quantity ("500m", "1Gi", 2, 0.5),
// parsed by resource.ParseQuantity, so that quantities compare by value:
// 0.5 equals "500m" and 1Gi equals "1024Mi". ok is false for text that is
// not a quantity and for values of other types.
func AsQuantity(v any) (resource.Quantity, bool) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number:
		s = string(x)
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	default:
		n, ok := number(v)
		if !ok {
			return resource.Quantity{}, false
		}
		return *resource.NewQuantity(n, resource.DecimalSI), true
	}
	q, err := resource.ParseQuantity(s)
	return q, err == nil
}
