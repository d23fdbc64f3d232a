package timeline

import (
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
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

// The accessors below are short names for the facts field accessors, so
// that the timeline reads a field as every other stage does.

// field walks nested maps; it returns nil when any step is missing.
func field(m map[string]any, path ...string) any {
	v, _ := facts.Field(m, path...)
	return v
}

func str(m map[string]any, path ...string) string { return facts.String(m, path...) }

func mapAt(m map[string]any, path ...string) map[string]any { return facts.Map(m, path...) }

func list(m map[string]any, path ...string) []any { return facts.Slice(m, path...) }

// num reads an integer field as facts.AsInt64 does, 0 when it is absent or
// not an integer.
func num(m map[string]any, path ...string) int64 {
	n, _ := facts.Int64(m, path...)
	return n
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
