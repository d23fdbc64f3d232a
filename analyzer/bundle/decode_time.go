package bundle

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Times are looked for only where Kubernetes records observed times, so that
// a custom resource's spec field that happens to be called startTime (a
// maintenance window "00:00", say) is neither refused nor taken for "now":
//   - metadata.creationTimestamp and metadata.deletionTimestamp;
//   - the fields named in statusTimeFields anywhere under status (conditions,
//     container states, job and cronjob times, Argo and Flux statuses);
//   - an Event's top-level eventFields and series.lastObservedTime.
var (
	metaTimeFields   = []string{"creationTimestamp", "deletionTimestamp"}
	statusTimeFields = map[string]bool{
		"lastTransitionTime": true, "lastUpdateTime": true, "lastProbeTime": true,
		"lastHeartbeatTime": true, "startedAt": true, "finishedAt": true,
		"startTime": true, "completionTime": true, "lastScheduleTime": true,
		"lastSuccessfulTime": true, "reconciledAt": true, "deployedAt": true,
		"deployStartedAt": true, "firstDeployed": true, "lastDeployed": true,
	}
	eventFields = []string{"firstTimestamp", "lastTimestamp", "eventTime",
		"deprecatedFirstTimestamp", "deprecatedLastTimestamp"}
)

// maxWalkDepth bounds the recursion over status. The decoders already
// refuse nesting deeper than 10000; real statuses stay under 20.
const maxWalkDepth = 10000

// minTime and maxTime bound the times a bundle may hold. Outside them a
// time is refused like a malformed one: no cluster recorded it, and the
// analysis's durations (capture time minus a transition) would overflow
// (a capture time in year 9999 printed "unready for 2562047h"). Any two
// times inside are less than 292 years, time.Duration's reach, apart.
var (
	minTime = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	maxTime = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)
)

// errTimeRange is a well-formed time outside [minTime, maxTime).
var errTimeRange = fmt.Errorf("out of range (want %d to %d)", minTime.Year(), maxTime.Year()-1)

// parseTime parses a Kubernetes time: RFC 3339 with optional fraction,
// between minTime and maxTime (errTimeRange otherwise).
func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return t, err
	}
	if t.Before(minTime) || !t.Before(maxTime) {
		return time.Time{}, errTimeRange
	}
	return t, nil
}

// badTime describes a time value parseTime refused, for a load error.
func badTime(v any, err error) string {
	if err == errTimeRange {
		return fmt.Sprintf("time %s %v", quoteShort(v), err)
	}
	return fmt.Sprintf("invalid time %s (want RFC 3339)", quoteShort(v))
}

// The paths of the fixed time fields, shared by every call; fn only reads
// them.
var (
	metadataPath = []string{"metadata"}
	seriesPath   = []string{"series"}
)

// visitTimes calls fn for each time field of object m: its parent map, key
// and path, in no particular order. fn may delete the key; it must not keep
// path, which is reused for the next call.
func visitTimes(m map[string]any, fn func(parent map[string]any, key string, path []string)) {
	if meta, ok := m["metadata"].(map[string]any); ok {
		for _, k := range metaTimeFields {
			if _, ok := meta[k]; ok {
				fn(meta, k, metadataPath)
			}
		}
	}
	if kind, _ := m["kind"].(string); kind == "Event" {
		for _, k := range eventFields {
			if _, ok := m[k]; ok {
				fn(m, k, nil)
			}
		}
		if series, ok := m["series"].(map[string]any); ok {
			if _, ok := series["lastObservedTime"]; ok {
				fn(series, "lastObservedTime", seriesPath)
			}
		}
	}
	if st, ok := m["status"]; ok {
		path := make([]string, 1, 8)
		path[0] = "status"
		walkTimes(st, path, fn)
	}
}

// checkTimes removes every time field of m whose value is not an RFC 3339
// string within minTime and maxTime (an empty string and null count as
// unset) and returns one message per removed field, naming its path.
func checkTimes(m map[string]any) []string {
	var msgs []string
	visitTimes(m, func(parent map[string]any, k string, path []string) {
		v := parent[k]
		var err error
		if s, ok := v.(string); v == nil || ok && s == "" {
			return
		} else if ok {
			if _, err = parseTime(s); err == nil {
				return
			}
		}
		msgs = append(msgs, fmt.Sprintf("%s: %s; field dropped", joinPath(append(path, k)), badTime(v, err)))
		delete(parent, k)
	})
	sort.Strings(msgs)
	return msgs
}

// latestTime returns the latest valid time in m's time fields, or the zero
// time.
func latestTime(m map[string]any) time.Time {
	var latest time.Time
	visitTimes(m, func(parent map[string]any, k string, _ []string) {
		if s, ok := parent[k].(string); ok {
			if t, err := parseTime(s); err == nil && t.After(latest) {
				latest = t
			}
		}
	})
	return latest
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

// isContainer reports whether v is a map or slice: a time-named field that
// holds one is not a time, and is walked like any other field.
func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
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
