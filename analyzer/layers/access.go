package layers

import (
	"strconv"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/facts"
)

// The accessors below are short names for the facts field accessors,
// which read unstructured objects without panicking on malformed input: a
// field of the wrong type reads as absent, so bad data degrades to
// "unknown" rather than to a crash.

func field(m map[string]any, path ...string) (any, bool) { return facts.Field(m, path...) }

func str(m map[string]any, path ...string) string { return facts.String(m, path...) }

func mapAt(m map[string]any, path ...string) map[string]any { return facts.Map(m, path...) }

func sliceAt(m map[string]any, path ...string) []any { return facts.Slice(m, path...) }

func boolAt(m map[string]any, path ...string) bool { return facts.Bool(m, path...) }

// num reads an integer field as facts.AsInt64 does: numeric strings count,
// since hand-written and converted captures carry both; fractions do not.
func num(m map[string]any, path ...string) (int64, bool) { return facts.Int64(m, path...) }

func toInt(v any) (int64, bool) { return facts.AsInt64(v) }

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

// readCondition is facts.ReadCondition with the time as the layers'
// evidence carries it: UTC, nil when unknown.
func readCondition(c map[string]any) condition {
	fc := facts.ReadCondition(c)
	cd := condition{Type: fc.Type, Status: fc.Status, Reason: fc.Reason, Message: fc.Message}
	if !fc.At.IsZero() {
		t := fc.At.UTC()
		cd.Time = &t
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
