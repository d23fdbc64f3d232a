package timeline

import (
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Clocks an entry's time can come from.
const (
	ClockCluster = "cluster"
	ClockGit     = "git"
	ClockLog     = "log"
	ClockCheck   = "check"
)

// parseTime reads a Kubernetes metav1.Time or MicroTime string and says how
// precise it is. A value with a fraction is microsecond precise; the
// loader has already removed times that do not parse, so a failure here
// only means the field was absent or not a string.
func parseTime(v any) (time.Time, string, bool) {
	s, ok := v.(string)
	if !ok || s == "" {
		return time.Time{}, "", false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, "", false
	}
	prec := PrecisionSecond
	if strings.Contains(s, ".") {
		prec = PrecisionMicrosecond
	}
	return t.UTC(), prec, true
}

// slack is how much later than t the real moment may have been: a
// second-precise time truncates up to one second away.
func slack(prec string) time.Duration {
	if prec == PrecisionMicrosecond {
		return 0
	}
	return time.Second
}

// field walks nested maps; it returns nil when any step is missing.
func field(m map[string]any, path ...string) any {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[p]
	}
	return cur
}

func str(m map[string]any, path ...string) string {
	s, _ := field(m, path...).(string)
	return s
}

func mapAt(m map[string]any, path ...string) map[string]any {
	mm, _ := field(m, path...).(map[string]any)
	return mm
}

func list(m map[string]any, path ...string) []any {
	l, _ := field(m, path...).([]any)
	return l
}

// num reads an integer field, accepting the int64 the loader produces and
// the float64 other decoders produce.
func num(m map[string]any, path ...string) int64 {
	switch n := field(m, path...).(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		return int64(n)
	}
	return 0
}

func ptr(t time.Time) *time.Time { return &t }

// metaValue is o.GetLabels()[key] (field "labels") or
// o.GetAnnotations()[key] (field "annotations") without copying the map
// as those do. Like them, it reads nothing when a value is neither a
// string nor null.
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

// apiGroup is o.GroupVersionKind().Group without parsing into a
// GroupVersionKind.
func apiGroup(o *bundle.Object) string { return bundle.APIGroup(o.GetAPIVersion()) }
