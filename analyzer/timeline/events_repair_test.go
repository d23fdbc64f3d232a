package timeline

import (
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestRepairNoticesAreNotFailures: the allocator repair loop's notice on a
// new Service is what the control plane fixed, so it starts no chain; the
// same reason without a repair, and any other warning, still fail.
func TestRepairNoticesAreNotFailures(t *testing.T) {
	const events = `
apiVersion: v1
kind: Event
metadata: {name: a, namespace: shop, creationTimestamp: "2026-11-01T10:00:00Z"}
involvedObject: {apiVersion: v1, kind: Service, namespace: shop, name: web}
type: Warning
reason: ClusterIPNotAllocated
message: "the ClusterIP [IPv4]: 10.96.0.12 for Service shop/web is not allocated; repairing"
firstTimestamp: "2026-11-01T10:00:00Z"
lastTimestamp: "2026-11-01T10:00:00Z"
---
apiVersion: v1
kind: Event
metadata: {name: b, namespace: shop, creationTimestamp: "2026-11-01T10:00:00Z"}
involvedObject: {apiVersion: v1, kind: Service, namespace: shop, name: api}
type: Warning
reason: ClusterIPNotAllocated
message: "Cluster IP [IPv4]: 10.96.0.13 is not allocated"
firstTimestamp: "2026-11-01T10:00:00Z"
lastTimestamp: "2026-11-01T10:00:00Z"
---
apiVersion: v1
kind: Event
metadata: {name: c, namespace: shop, creationTimestamp: "2026-11-01T10:00:01Z"}
involvedObject: {apiVersion: v1, kind: Pod, namespace: shop, name: web-1}
type: Warning
reason: FailedScheduling
message: "0/1 nodes are available: 1 Insufficient cpu."
firstTimestamp: "2026-11-01T10:00:01Z"
lastTimestamp: "2026-11-01T10:00:01Z"
`
	objs, errs := bundle.DecodeDocuments("events.yaml", []byte(events))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	tl := Build(bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil), nil)
	for _, tt := range []struct {
		object, reason string
		failure        bool
	}{
		{"Service/shop/web", "ClusterIPNotAllocated", false},
		{"Service/shop/api", "ClusterIPNotAllocated", true},
		{"Pod/shop/web-1", "FailedScheduling", true},
	} {
		e, ok := findEntry(tl.Entries, tt.object, tt.reason, "")
		if !ok {
			t.Errorf("%s %s: no entry", tt.object, tt.reason)
			continue
		}
		if e.Failure != tt.failure || e.Type != TypeWarning {
			t.Errorf("%s %s: failure %v type %s, want failure %v type Warning", tt.object, tt.reason, e.Failure, e.Type, tt.failure)
		}
	}
}
