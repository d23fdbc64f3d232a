package bundle

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// timeFields are the field names that hold metav1.Time or metav1.MicroTime
// values in core objects, conditions, container states and events. Only
// these are checked and used to infer a capture time: free-form fields such
// as certificate notAfter would push "now" into the future.
var timeFields = map[string]bool{
	"creationTimestamp":  true,
	"deletionTimestamp":  true,
	"lastTransitionTime": true,
	"lastUpdateTime":     true,
	"lastProbeTime":      true,
	"lastHeartbeatTime":  true,
	"startedAt":          true,
	"finishedAt":         true,
	"startTime":          true,
	"completionTime":     true,
	"firstTimestamp":     true,
	"lastTimestamp":      true,
	"eventTime":          true,
	"lastObservedTime":   true,
	"lastScheduleTime":   true,
	"lastSuccessfulTime": true,
}

// maxWalkDepth bounds the recursion over decoded objects. The decoders
// already refuse nesting deeper than 10000; real objects stay under 30.
const maxWalkDepth = 10000

// parseTime parses a Kubernetes time: RFC 3339 with optional fraction.
func parseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }

// checkTimes removes every well-known time field of m whose value is not an
// RFC 3339 string (an empty string and null count as unset) and returns one
// message per removed field, naming its path.
func checkTimes(m map[string]any) []string {
	var msgs []string
	var walk func(v any, path []string)
	walk = func(v any, path []string) {
		if len(path) > maxWalkDepth {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			for k, child := range t {
				if timeFields[k] && !isContainer(child) {
					if s, ok := child.(string); child == nil || ok && s == "" {
						continue
					} else if ok {
						if _, err := parseTime(s); err == nil {
							continue
						}
					}
					msgs = append(msgs, fmt.Sprintf("%s: invalid time %s (want RFC 3339); field dropped",
						joinPath(append(path, k)), quoteShort(child)))
					delete(t, k)
					continue
				}
				walk(child, append(path, k))
			}
		case []any:
			for i, child := range t {
				walk(child, append(path, "["+strconv.Itoa(i)+"]"))
			}
		}
	}
	walk(m, nil)
	// Map iteration order is random; the messages must not be.
	sort.Strings(msgs)
	return msgs
}

// quoteShort quotes a bad time value for a message, cut short so that a
// misplaced large value never floods the report.
func quoteShort(v any) string {
	s, ok := v.(string)
	if !ok {
		return "of type " + jsonType(v)
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}

// latestTime returns the latest valid time in the well-known time fields of
// m, or the zero time.
func latestTime(m map[string]any) time.Time {
	var latest time.Time
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > maxWalkDepth {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			for k, child := range t {
				if s, ok := child.(string); ok && timeFields[k] {
					if ts, err := parseTime(s); err == nil && ts.After(latest) {
						latest = ts
					}
					continue
				}
				walk(child, depth+1)
			}
		case []any:
			for _, child := range t {
				walk(child, depth+1)
			}
		}
	}
	walk(m, 0)
	return latest
}

// joinPath formats a field path as status.conditions[0].lastTransitionTime.
func joinPath(path []string) string {
	var b strings.Builder
	for i, p := range path {
		if i > 0 && !strings.HasPrefix(p, "[") {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

// isContainer reports whether v is a map or slice. A time-named field that
// holds one is not a time (it is, for example, a CRD schema property) and is
// walked like any other field.
func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}
