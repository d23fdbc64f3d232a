package timeline

import (
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// maxLogMessage bounds a log line quoted on the timeline.
const maxLogMessage = 300

var (
	errorLine = regexp.MustCompile(`(?i)(\b(error|fatal|panic|exception|failed|failure)\b|level=(error|fatal)|"level":\s*"(error|fatal)")`)
	// log4j and Kafka: [2024-05-01 10:00:00,123] or 2024-05-01 10:00:00.123
	spaceStamp = regexp.MustCompile(`^\[?(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2})([.,]\d+)?(Z|[+-]\d{2}:?\d{2})?\]?`)
)

// logEntries adds, per log tail, the first error-looking line with a time
// and, for a previous (crashed) container, its last timed line. Only those
// lines are parsed for a time.
func (bd *builder) logEntries() {
	for _, l := range bd.b.Logs {
		ref := bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: l.Namespace, Name: l.Pod}
		uid := ""
		if p, ok := bd.ix.Get(ref.Key()); ok {
			uid = string(p.GetUID())
		}
		base := Entry{Object: ref, UID: uid, Layer: layers.LayerRuntime, Type: TypeLog,
			Source: SourceLog, File: l.File, Container: l.Container, Clock: ClockLog}
		for _, line := range l.Lines {
			if !looksLikeError(line) {
				continue
			}
			if t, prec, ok := logTime(line); ok {
				e := base
				e.Time, e.Precision, e.Reason, e.Failure = t, prec, "LogError", true
				e.Message = "first error line: " + clip(line)
				bd.add(e)
				break
			}
		}
		if !l.Previous {
			continue
		}
		for i := len(l.Lines) - 1; i >= 0; i-- {
			if t, prec, ok := logTime(l.Lines[i]); ok {
				e := base
				e.Time, e.Precision, e.Reason = t, prec, "LastLog"
				e.Message = "last line before the container stopped: " + clip(l.Lines[i])
				bd.add(e)
				break
			}
		}
	}
}

// looksLikeError filters lines cheaply before the regular expression, since
// log tails are the largest part of a bundle.
func looksLikeError(line string) bool {
	lower := strings.ToLower(line)
	for _, w := range []string{"err", "fatal", "panic", "exception", "fail"} {
		if strings.Contains(lower, w) {
			return errorLine.MatchString(line)
		}
	}
	return false
}

func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxLogMessage {
		return s[:maxLogMessage] + "…"
	}
	return s
}

// logTime finds the time a log line was written: a kubectl --timestamps
// prefix or any leading RFC 3339 stamp, a log4j-style stamp (read as UTC
// when it has no zone), a logfmt ts= or time= field, or the time field of a
// JSON line.
func logTime(line string) (time.Time, string, bool) {
	first, _, _ := strings.Cut(line, " ")
	if t, prec, ok := parseTime(strings.Trim(first, "[]")); ok {
		return t, prec, true
	}
	if m := spaceStamp.FindStringSubmatch(line); m != nil {
		s := strings.Replace(m[1], " ", "T", 1)
		prec := PrecisionSecond
		if m[2] != "" {
			s += "." + m[2][1:]
			prec = PrecisionMicrosecond
		}
		zone := m[3]
		if zone == "" {
			zone = "Z"
		} else if len(zone) == 5 {
			zone = zone[:3] + ":" + zone[3:]
		}
		if t, err := time.Parse(time.RFC3339Nano, s+zone); err == nil {
			return t.UTC(), prec, true
		}
	}
	for _, key := range []string{"ts=", "time="} {
		// logfmt (go-kit, logrus): level=info ts=2024-05-01T10:00:00.123Z ...
		if i := strings.Index(line, key); i == 0 || (i > 0 && line[i-1] == ' ') {
			v, _, _ := strings.Cut(line[i+len(key):], " ")
			if t, prec, ok := parseTime(strings.Trim(v, `"`)); ok {
				return t, prec, true
			}
		}
	}
	if strings.HasPrefix(line, "{") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil {
			for _, k := range []string{"time", "ts", "timestamp", "@timestamp"} {
				if t, prec, ok := parseTime(m[k]); ok {
					return t, prec, true
				}
			}
		}
	}
	return time.Time{}, "", false
}

// LogLineTime is the time a log line was written, read the way the
// timeline reads it (logTime), for a stage that cites a log line without
// its time: the rule engine, telling a past failure from a present one.
func LogLineTime(line string) (time.Time, bool) {
	t, _, ok := logTime(line)
	return t, ok
}

// checkEntries adds the recorded user-visible checks.
func (bd *builder) checkEntries() {
	for _, c := range bd.b.Checks {
		if c.Time == nil {
			continue
		}
		e := Entry{Time: c.Time.UTC(), Precision: PrecisionSecond,
			Object: bundle.Ref{APIVersion: bundle.APIVersion, Kind: "Check", Name: c.Name},
			Layer:  layers.LayerExternal, Type: TypeCheck, Reason: "CheckPassed",
			Source: SourceCheck, File: c.File, Clock: ClockCheck, Message: c.Target}
		if c.Time.Nanosecond() != 0 {
			e.Precision = PrecisionMicrosecond
		}
		if !c.OK {
			e.Reason, e.Failure = "CheckFailed", true
		}
		if c.Detail != "" {
			e.Message = strings.TrimSpace(e.Message + ": " + c.Detail)
		}
		bd.add(e)
	}
}
