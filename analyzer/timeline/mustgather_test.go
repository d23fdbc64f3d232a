package timeline

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

const mustGather = "../../testdata/corpus/must-gather-clean/test/files/must-gather-metal.tar.xz"

// TestMustGather builds the timeline of a real OpenShift must-gather (about
// 5,000 core/v1 events in 60 namespaces; the cluster ended healthy while
// its events keep install-time failures).
func TestMustGather(t *testing.T) {
	b, err := bundle.Load(mustGather, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	tl := Build(b, nil)
	t.Logf("%d objects, %d entries, %d gaps, built in %s", len(b.Objects), len(tl.Entries), len(tl.Gaps), time.Since(start))

	events, series := 0, 0
	for _, o := range b.Index.OfKind("Event") {
		if bundle.IsEvent(o) {
			events++
			if o.Object["series"] != nil {
				series++
			}
		}
	}
	fromEvents := 0
	for _, e := range tl.Entries {
		if e.Source == SourceEvent {
			fromEvents++
		}
	}
	if events < 5000 || fromEvents == 0 || fromEvents > events {
		t.Errorf("%d events became %d entries", events, fromEvents)
	}
	t.Logf("%d events (%d with series) became %d entries", events, series, fromEvents)

	tests := []struct {
		name, object, reason, msg string
		want                      loop
	}{
		{"secret not found during install", "Pod/openshift-etcd/etcd-quorum-guard-6f49c4498d-2r5dw", "FailedMount",
			`MountVolume.SetUp failed for volume "etcd-client" : secret "etcd-client" not found`,
			loop{"FailedMount", 3, "2021-09-14T14:13:28Z", "2021-09-14T14:13:30Z", PrecisionSecond, true}},
		{"readiness loop", "Pod/openshift-etcd/etcd-quorum-guard-6f49c4498d-2r5dw", "Unhealthy", "Readiness probe failed",
			loop{"Unhealthy", 54, "2021-09-14T14:13:43Z", "2021-09-14T14:26:03Z", PrecisionSecond, true}},
		// Three scheduler events with the same message (one plain, two
		// series counted the pre-1.23 way from 1) fold into one loop.
		{"scheduler loop across events", "Pod/openshift-apiserver/apiserver-5b477c588d-dd64c", "FailedScheduling",
			"0/6 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) had taint",
			loop{"FailedScheduling", 5, "2021-09-14T14:27:15.424446Z", "2021-09-14T14:27:43.451483Z", PrecisionMicrosecond, true}},
		// Two plain events 0.3 ms apart and a series: 1 + 1 + 2.
		{"plain events and a series", "Pod/openshift-ingress/router-default-7b4b9bd57c-8rm5g", "FailedScheduling", "0/3 nodes are available",
			loop{"FailedScheduling", 4, "2021-09-14T14:18:27.040939Z", "2021-09-14T14:20:16.104441Z", PrecisionMicrosecond, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, ok := findEntry(tl.Entries, tt.object, tt.reason, tt.msg)
			if !ok {
				t.Fatalf("no %s entry for %s", tt.reason, tt.object)
			}
			if diff := cmp.Diff(tt.want, loopOf(e)); diff != "" {
				t.Errorf("entry mismatch (-want +got):\n%s", diff)
			}
		})
	}
	for i := 1; i < len(tl.Entries); i++ {
		if compareEntries(&tl.Entries[i-1], &tl.Entries[i]) > 0 {
			t.Fatalf("entries %d and %d out of order", i-1, i)
		}
	}
	if diff := cmp.Diff(tl, Build(b, nil)); diff != "" {
		t.Errorf("second build differs (-first +second):\n%s", diff)
	}

	// The cluster ended healthy: with the layers' verdicts no workload is
	// failing, so no earliest failure is named, and the install-time
	// warnings on unclaimed objects are only stated.
	withLayers := Build(b, layers.Build(b))
	if withLayers.Earliest != nil {
		t.Errorf("healthy must-gather names an earliest failure: %s %s (%s)",
			withLayers.Earliest.Entry.Reason, withLayers.Earliest.Entry.Object, withLayers.Earliest.Why)
	}
	if !slices.ContainsFunc(withLayers.Gaps, func(g string) bool { return strings.HasPrefix(g, "no analysed workload has a failure") }) {
		t.Errorf("gaps do not state the unclaimed failures: %q", withLayers.Gaps)
	}
}
