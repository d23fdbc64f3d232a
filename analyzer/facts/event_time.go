package facts

import (
	"strings"
	"time"
)

// parseTime reads a Kubernetes metav1.Time or MicroTime string, in UTC,
// and says how precise it is: a value with a fraction is microsecond
// precise. prec is "" when v is absent, not a string or not RFC 3339 (the
// loader has already dropped times that do not parse).
func parseTime(v any) (t time.Time, prec, text string) {
	s, _ := v.(string)
	if s == "" {
		return time.Time{}, "", ""
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, "", ""
	}
	prec = PrecisionSecond
	if strings.Contains(s, ".") {
		prec = PrecisionMicrosecond
	}
	return t.UTC(), prec, s
}

// firstTime is the first of m's keys that holds a time (see parseTime).
func firstTime(m map[string]any, keys ...string) (time.Time, string, string) {
	for _, k := range keys {
		if t, prec, s := parseTime(m[k]); prec != "" {
			return t, prec, s
		}
	}
	return time.Time{}, "", ""
}

// eventCount reads an event's count field as AsInt64 does: 0 when it is absent
// or not an integer.
func eventCount(v any) int64 {
	n, _ := AsInt64(v)
	return n
}
