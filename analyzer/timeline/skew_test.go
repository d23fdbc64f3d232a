package timeline

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestClockSkew moves clocks in the Kafka bundle: a commit dated after the
// reconciler applied it, a check recorded after the capture, and a log error
// seconds from the earliest failure. Each is stated, none corrected.
func TestClockSkew(t *testing.T) {
	b := loadDir(t, "testdata/kafka-stale-probe")
	late := time.Date(2026, 2, 3, 10, 20, 0, 0, time.UTC)
	b.Sources[0].History[0].Time = &late
	after := b.CaptureTime.Add(2 * time.Minute)
	b.Checks = append(b.Checks, &bundle.Check{Name: "produce", Target: "kafka.example.com:9093", Time: &after, OK: true, File: "checks/produce.yaml"})
	b.Logs = append(b.Logs, &bundle.Log{Namespace: "kafka", Pod: "kafka-0", Container: "kafka", File: "logs/kafka/kafka-0/kafka.log",
		Lines: []string{"[2026-02-03 09:12:54,031] ERROR [KafkaApi-0] Error when handling request: clientId=adminclient-1 (kafka.server.KafkaApis)"}})
	b.Index = bundle.NewIndex(b.Objects, b.Logs)
	ws := []layers.Workload{{Ref: ref("apps/v1", "StatefulSet", "kafka", "kafka"), Convergence: layers.Blocked,
		Owners: []bundle.Ref{ref("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "kafka")}}}
	tl := Build(b, ws)
	for _, want := range []string{
		"clock skew: Kustomization/flux-system/kafka reports revision 9f3c2a1e7b4d at 2026-02-03T10:14:02Z, 5m58s before its commit time",
		"clock skew: 1 entries from the check clock are later than the capture time 2026-02-03T11:00:00Z; not corrected",
	} {
		if !slices.ContainsFunc(tl.Gaps, func(g string) bool { return strings.HasPrefix(g, want) }) {
			t.Errorf("gaps lack %q: %q", want, tl.Gaps)
		}
	}
	if tl.Earliest == nil || tl.Earliest.Entry.Reason != "Unhealthy" {
		t.Fatalf("earliest = %+v", tl.Earliest)
	}
	if want := "LogError Pod/kafka/kafka-0 (log clock) is 4.031s from the chosen failure (cluster clock)"; !strings.HasPrefix(tl.Earliest.SkewWarning, want) {
		t.Errorf("skew warning %q, want prefix %q", tl.Earliest.SkewWarning, want)
	}
}

// TestLogTimes covers the log formats whose times are read.
func TestLogTimes(t *testing.T) {
	for line, want := range map[string]string{
		"2026-03-12T10:00:58.117Z\tERROR\tquery failed":                  "2026-03-12T10:00:58.117Z",
		"[2026-02-03 09:12:54,031] ERROR [KafkaApi-0] failed":            "2026-02-03T09:12:54.031Z",
		`level=error ts=2026-03-21T15:57:58.412345Z msg="flush failed"`:  "2026-03-21T15:57:58.412345Z",
		`time="2026-03-21T15:57:58Z" level=error msg="x"`:                "2026-03-21T15:57:58Z",
		`{"level":"error","ts":"2026-03-21T15:57:58.5Z","msg":"x"}`:      "2026-03-21T15:57:58.5Z",
		"E0321 15:57:58.412345       1 reflector.go:138] failed to list": "",
	} {
		got, _, ok := logTime(line)
		if want == "" {
			if ok {
				t.Errorf("logTime(%q) = %s, want no time", line, got)
			}
			continue
		}
		if !ok || got.Format(time.RFC3339Nano) != want {
			t.Errorf("logTime(%q) = %s, %v; want %s", line, got.Format(time.RFC3339Nano), ok, want)
		}
	}
}

// TestPreviousLog reads the last timed line of a crashed container's log.
func TestPreviousLog(t *testing.T) {
	tl := Build(loadDir(t, "testdata/tempo-oom-limit"), nil)
	i := slices.IndexFunc(tl.Entries, func(e Entry) bool { return e.Reason == "LastLog" })
	if i < 0 {
		t.Fatal("no LastLog entry")
	}
	e := tl.Entries[i]
	if e.Container != "tempo" || e.Time.Format(time.RFC3339Nano) != "2026-03-21T15:57:58.412345Z" || e.Clock != ClockLog ||
		!strings.Contains(e.Message, `msg="completing block"`) || e.Failure {
		t.Errorf("LastLog entry: %+v", e)
	}
	// The OOM kill is recorded 2.6 s after the last line, in order.
	if j := slices.IndexFunc(tl.Entries, func(e Entry) bool { return e.Reason == "OOMKilled" }); j < i {
		t.Errorf("OOMKilled at %d before the last log line at %d", j, i)
	}
}
