package layers

import (
	"strconv"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// The accessors below read unstructured objects without panicking on
// malformed input: a field of the wrong type reads as absent, so bad data
// degrades to "unknown" rather than to a crash.

func field(m map[string]any, path ...string) (any, bool) {
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

func str(m map[string]any, path ...string) string {
	v, _ := field(m, path...)
	s, _ := v.(string)
	return s
}

func mapAt(m map[string]any, path ...string) map[string]any {
	v, _ := field(m, path...)
	mm, _ := v.(map[string]any)
	return mm
}

func sliceAt(m map[string]any, path ...string) []any {
	v, _ := field(m, path...)
	s, _ := v.([]any)
	return s
}

func boolAt(m map[string]any, path ...string) bool {
	v, _ := field(m, path...)
	b, _ := v.(bool)
	return b
}

// num reads an integer field; numeric strings count, since hand-written and
// converted captures carry both.
func num(m map[string]any, path ...string) (int64, bool) {
	v, ok := field(m, path...)
	if !ok {
		return 0, false
	}
	return toInt(v)
}

func toInt(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case int:
		return int64(n), true
	case int32:
		return int64(n), true
	case float64:
		return int64(n), true
	case string:
		i, err := strconv.ParseInt(n, 10, 64)
		return i, err == nil
	}
	return 0, false
}

// numOr reads an integer field, returning def when it is absent.
func numOr(m map[string]any, def int64, path ...string) int64 {
	if n, ok := num(m, path...); ok {
		return n
	}
	return def
}

func maps(s []any) []map[string]any {
	out := make([]map[string]any, 0, len(s))
	for _, v := range s {
		if m, ok := v.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// condition is one status condition.
type condition struct {
	Type, Status, Reason, Message string
	Time                          *time.Time
}

func conditions(m map[string]any, path ...string) []condition {
	var out []condition
	for _, c := range maps(sliceAt(m, path...)) {
		out = append(out, readCondition(c))
	}
	return out
}

func readCondition(c map[string]any) condition {
	cd := condition{Type: str(c, "type"), Status: str(c, "status"), Reason: str(c, "reason"), Message: str(c, "message")}
	cd.Time = parseTime(str(c, "lastTransitionTime"))
	if cd.Time == nil {
		cd.Time = parseTime(str(c, "lastUpdateTime"))
	}
	return cd
}

// statusCond is findCond(conditions(m, "status", "conditions"), typ)
// without reading and parsing the conditions it does not return: pods are
// asked for one condition at a time, many times per Build.
func statusCond(m map[string]any, typ string) (condition, bool) {
	for _, v := range sliceAt(m, "status", "conditions") {
		if c, ok := v.(map[string]any); ok && str(c, "type") == typ {
			return readCondition(c), true
		}
	}
	return condition{}, false
}

func findCond(cs []condition, typ string) (condition, bool) {
	for _, c := range cs {
		if c.Type == typ {
			return c, true
		}
	}
	return condition{}, false
}

// parseTime returns nil for absent or malformed times (captures with
// placeholder timestamps such as "@now-5m" exist in the wild).
func parseTime(s string) *time.Time {
	if s == "" {
		return nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return nil
	}
	t = t.UTC()
	return &t
}

// label is o.GetLabels()[key] without copying the labels: GetLabels builds
// a fresh map on every call. Like GetLabels, it reads no label at all when
// one value is neither a string nor null.
func label(o *bundle.Object, key string) string { return metaValue(o, "labels", key) }

// annotation is o.GetAnnotations()[key] without copying the annotations.
func annotation(o *bundle.Object, key string) string { return metaValue(o, "annotations", key) }

func metaValue(o *bundle.Object, field, key string) string {
	m := mapAt(o.Object, "metadata", field)
	for _, v := range m {
		if _, ok := v.(string); !ok && v != nil {
			return ""
		}
	}
	s, _ := m[key].(string)
	return s
}

// apiGroup is o.GroupVersionKind().Group without building the
// GroupVersionKind.
func apiGroup(o *bundle.Object) string { return bundle.APIGroup(o.GetAPIVersion()) }

func refPtr(o *bundle.Object) *bundle.Ref {
	r := o.Ref()
	return &r
}

func ev(o *bundle.Object, path, msg string, t *time.Time) evidence.Evidence {
	e := evidence.Evidence{Path: path, Message: msg, Time: t}
	if o != nil {
		e.Object = refPtr(o)
	}
	return e
}

func created(o *bundle.Object) *time.Time {
	return parseTime(str(o.Object, "metadata", "creationTimestamp"))
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
