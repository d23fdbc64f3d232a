package timeline

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/bundle"
)

const tsEvents = "../../testdata/corpus/troubleshoot/pkg/analyze/files/events/"

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// loop is what a test expects of one event entry.
type loop struct {
	Reason      string
	Count       int64
	First, Last string
	Precision   string
	Failure     bool
}

func findEntry(es []Entry, object, reason, msgPrefix string) (Entry, bool) {
	for _, e := range es {
		if e.Object.String() == object && e.Reason == reason && len(e.Message) >= len(msgPrefix) && e.Message[:len(msgPrefix)] == msgPrefix {
			return e, true
		}
	}
	return Entry{}, false
}

func loopOf(e Entry) loop {
	l := loop{Reason: e.Reason, Count: e.Count, Precision: e.Precision, Failure: e.Failure}
	first, last := span(e)
	l.First, l.Last = first.Format(time.RFC3339Nano), last.Format(time.RFC3339Nano)
	return l
}

// TestRealEventCounts checks counts, series and timestamps read from the
// real troubleshoot event captures, including loops collapsed across
// several Event objects.
func TestRealEventCounts(t *testing.T) {
	tests := []struct {
		name, file, object, reason, msg string
		want                            loop
	}{
		{"hostPath FailedMount loop, count from one event", "message-container-creating-failed-mount.json",
			"Pod/message-container-creating-failed-mount/troubleshoot-copyfromhost-4m79m-psdjm", "FailedMount", "MountVolume.SetUp failed",
			loop{"FailedMount", 178, "2023-07-09T23:53:09Z", "2023-07-10T05:39:03Z", PrecisionSecond, true}},
		{"init container back-off", "message-container-creating-failed-mount.json",
			"Pod/message-container-creating-failed-mount/init-demo2", "BackOff", "Back-off restarting",
			loop{"BackOff", 1464, "2023-07-09T23:56:01Z", "2023-07-10T05:15:47Z", PrecisionSecond, true}},
		{"image pull back-off is a Normal loop", "message-container-creating-failed-mount.json",
			"Pod/message-container-creating-failed-mount/no-image-deployment-849c4c4958-47b9z", "BackOff", "Back-off pulling",
			loop{"BackOff", 392, "2023-07-10T03:42:56Z", "2023-07-10T05:13:02Z", PrecisionSecond, false}},
		{"two scheduler events of one pod collapse", "message-container-creating-failed-mount.json",
			"Pod/message-container-creating-failed-mount/pending-pod-resources-5fddcf7688-59zjj", "FailedScheduling", "0/1 nodes",
			loop{"FailedScheduling", 2, "2023-07-10T05:23:33.087153Z", "2023-07-10T05:23:35.347536Z", PrecisionMicrosecond, true}},
		{"events.k8s.io series", "message-image-pull-fail.json",
			"Pod/message-image-pull-fail/pending-pod-resources-5fddcf7688-djjfc", "FailedScheduling", "0/1 nodes",
			loop{"FailedScheduling", 3, "2023-07-11T04:25:44.224298Z", "2023-07-11T04:40:44.264058Z", PrecisionMicrosecond, true}},
		{"crash loop back-off", "message-pod-init-crashloop-backoff.json",
			"Pod/message-pod-init-crashloop-backoff/init-demo", "BackOff", "Back-off restarting",
			loop{"BackOff", 111, "2023-07-11T03:32:15Z", "2023-07-11T03:56:47Z", PrecisionSecond, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := Build(loadFiles(t, tsEvents+tt.file), nil)
			e, ok := findEntry(tl.Entries, tt.object, tt.reason, tt.msg)
			if !ok {
				t.Fatalf("no %s entry for %s", tt.reason, tt.object)
			}
			if diff := cmp.Diff(tt.want, loopOf(e)); diff != "" {
				t.Errorf("entry mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRetryLoopKeepsIncarnations checks that a pod recreated under the same
// name (a new UID) starts a new loop, and that the collapsed entry sits at
// the loop's first occurrence.
func TestRetryLoopKeepsIncarnations(t *testing.T) {
	tl := Build(loadFiles(t, tsEvents+"message-container-creating-failed-mount.json"), nil)
	var got []loop
	for _, e := range tl.Entries {
		if e.Object.Name == "failing-liveness-pod" && e.Reason == "Unhealthy" {
			got = append(got, loopOf(e))
		}
	}
	want := []loop{
		{"Unhealthy", 60, "2023-07-10T05:16:39Z", "2023-07-10T05:21:34Z", PrecisionSecond, true},
		{"Unhealthy", 9, "2023-07-10T05:24:25Z", "2023-07-10T05:26:15Z", PrecisionSecond, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("liveness loops (-want +got):\n%s", diff)
	}
	for i := 1; i < len(tl.Entries); i++ {
		if compareEntries(&tl.Entries[i-1], &tl.Entries[i]) > 0 {
			t.Fatalf("entries %d and %d out of order", i-1, i)
		}
	}
}

// asEventsV1 rewrites a core/v1 Event the way the API server serves it
// through events.k8s.io/v1 (same name and UID, renamed fields).
func asEventsV1(o *bundle.Object) *bundle.Object {
	m := o.Object
	out := map[string]any{
		"apiVersion": "events.k8s.io/v1", "kind": "Event", "metadata": m["metadata"],
		"regarding": m["involvedObject"], "note": m["message"], "reason": m["reason"], "type": m["type"],
		"eventTime": m["eventTime"], "series": m["series"], "action": m["action"],
		"reportingController": m["reportingComponent"], "reportingInstance": m["reportingInstance"],
		"deprecatedFirstTimestamp": m["firstTimestamp"], "deprecatedLastTimestamp": m["lastTimestamp"],
		"deprecatedCount": m["count"], "deprecatedSource": m["source"],
	}
	c := &bundle.Object{Unstructured: o.DeepCopy(), Source: bundle.Location{File: "events.k8s.io.json", Doc: o.Source.Doc}}
	c.Object = out
	return c
}

// TestDedupAcrossEventAPIs feeds every real event through both APIs and
// expects the same timeline as from core/v1 alone.
func TestDedupAcrossEventAPIs(t *testing.T) {
	for _, f := range []string{"message-container-creating-failed-mount.json", "message-image-pull-fail.json", "message-pod-init-crashloop-backoff.json"} {
		for _, renamed := range []bool{false, true} {
			name := f
			if renamed {
				// An importer that names copies itself leaves only the
				// involved object, reason, first time and message to match.
				name += "/renamed"
			}
			t.Run(name, func(t *testing.T) { dedupCase(t, f, renamed) })
		}
	}
}

func dedupCase(t *testing.T, f string, renamed bool) {
	core := loadFiles(t, tsEvents+f)
	objs := append([]*bundle.Object(nil), core.Objects...)
	for _, o := range core.Objects {
		c := asEventsV1(o)
		if renamed {
			c.SetName(o.GetName() + "-v1")
		}
		objs = append(objs, c)
	}
	both := bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)
	if len(both.Objects) != 2*len(core.Objects) {
		t.Fatalf("bundle kept %d of %d objects", len(both.Objects), 2*len(core.Objects))
	}
	want, got := Build(core, nil).Entries, Build(both, nil).Entries
	ignoreFile := cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".File" }, cmp.Ignore())
	if diff := cmp.Diff(want, got, ignoreFile); diff != "" {
		t.Errorf("entries differ when both APIs are present (-core +both):\n%s", diff)
	}
}

// TestDeterministicOrder shuffles the input objects and expects the same
// timeline; equal timestamps are ordered by layer, object and reason.
func TestDeterministicOrder(t *testing.T) {
	b := loadFiles(t, tsEvents+"message-container-creating-failed-mount.json")
	want := Build(b, nil)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 5 {
		objs := append([]*bundle.Object(nil), b.Objects...)
		r.Shuffle(len(objs), func(i, j int) { objs[i], objs[j] = objs[j], objs[i] })
		for j, o := range objs {
			o.Source.Doc = j
		}
		got := Build(bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil), nil)
		if diff := cmp.Diff(want.Entries, got.Entries); diff != "" {
			t.Fatalf("shuffle %d changed the timeline (-want +got):\n%s", i, diff)
		}
	}
	// 05:27:47: the Deployment scales (controller), its ReplicaSet creates
	// three pods (controller, same object: by reason then message).
	var at []string
	for _, e := range want.Entries {
		if e.Time.Equal(mustTime(t, "2023-07-10T05:27:47Z")) {
			at = append(at, e.Layer+" "+e.Object.String()+" "+e.Reason+" "+e.Message)
		}
	}
	wantAt := []string{
		"controller Deployment/message-container-creating-failed-mount/no-image-deployment ScalingReplicaSet Scaled up replica set no-image-deployment-849c4c4958 to 3",
		"controller ReplicaSet/message-container-creating-failed-mount/no-image-deployment-849c4c4958 SuccessfulCreate Created pod: no-image-deployment-849c4c4958-7fp5q",
		"controller ReplicaSet/message-container-creating-failed-mount/no-image-deployment-849c4c4958 SuccessfulCreate Created pod: no-image-deployment-849c4c4958-l595s",
		"controller ReplicaSet/message-container-creating-failed-mount/no-image-deployment-849c4c4958 SuccessfulCreate Created pod: no-image-deployment-849c4c4958-lm8qp",
	}
	if diff := cmp.Diff(wantAt, at); diff != "" {
		t.Errorf("equal-time order (-want +got):\n%s", diff)
	}
	// 05:27:49, one pod, one reason: the specific pull failure comes before
	// the kubelet's summary "Error: ErrImagePull".
	var failed []string
	for _, e := range want.Entries {
		if e.Object.Name == "no-image-deployment-849c4c4958-7fp5q" && e.Reason == "Failed" && e.Time.Equal(mustTime(t, "2023-07-10T05:27:49Z")) {
			failed = append(failed, e.Message[:min(len(e.Message), 24)])
		}
	}
	if diff := cmp.Diff([]string{"Failed to pull image \"no", "Error: ErrImagePull"}, failed); diff != "" {
		t.Errorf("same-second failures (-want +got):\n%s", diff)
	}
}
