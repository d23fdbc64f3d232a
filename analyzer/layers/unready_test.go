package layers

import (
	"testing"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestUnreadyStall: a pod not Ready past the deadline is stalled, dated by
// its Ready transition (or its creation), with the init container it
// waits in named; a Ready pod, one within the deadline, and an unknown
// capture time are not.
func TestUnreadyStall(t *testing.T) {
	now := time.Date(2026, 11, 10, 15, 30, 0, 0, time.UTC)
	pod := func(status string) *bundle.Object {
		docs := "apiVersion: v1\nkind: Pod\nmetadata: {name: api-1, namespace: shop, creationTimestamp: \"2026-11-10T15:00:00Z\"}\nstatus: " + status + "\n"
		objs, errs := bundle.DecodeDocuments("pod.yaml", []byte(docs))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		return objs[0]
	}
	tests := []struct {
		name     string
		status   string
		now      time.Time
		deadline time.Duration
		want     string
	}{
		{"ready", `{conditions: [{type: Ready, status: "True", lastTransitionTime: "2026-11-10T15:00:00Z"}]}`, now, UnreadyAfter, ""},
		{"unready within the deadline", `{conditions: [{type: Ready, status: "False", lastTransitionTime: "2026-11-10T15:25:00Z"}]}`, now, UnreadyAfter, ""},
		{"unready past the deadline", `{conditions: [{type: Ready, status: "False", lastTransitionTime: "2026-11-10T15:10:00Z"}]}`, now, UnreadyAfter,
			"Pod shop/api-1 has not been Ready for 20m0s (since 2026-11-10T15:10:00Z), longer than the 10m0s a rollout may take"},
		{"a longer deadline", `{conditions: [{type: Ready, status: "False", lastTransitionTime: "2026-11-10T15:10:00Z"}]}`, now, 30 * time.Minute, ""},
		{"no Ready condition: since creation, in its init container", `{phase: Pending, initContainerStatuses: [{name: wait-db, state: {running: {startedAt: "2026-11-10T15:00:02Z"}}}]}`, now, UnreadyAfter,
			"Pod shop/api-1 has not been Ready for 30m0s (since 2026-11-10T15:00:00Z), longer than the 10m0s a rollout may take; init container wait-db has been running since 2026-11-10T15:00:02Z and has not finished"},
		{"capture time unknown", `{conditions: [{type: Ready, status: "False", lastTransitionTime: "2026-11-10T15:10:00Z"}]}`, time.Time{}, UnreadyAfter, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := unreadyStall(pod(tt.status), tt.now, tt.deadline)
			if ok != (tt.want != "") || got != tt.want {
				t.Errorf("unreadyStall = %q, %v; want %q", got, ok, tt.want)
			}
		})
	}
}

// TestStuckTerminating: a pod past its grace period by more than
// TerminatingAfter is named with its finalizers; one within it, or an
// unknown capture time, is not.
func TestStuckTerminating(t *testing.T) {
	now := time.Date(2026, 11, 10, 15, 10, 0, 0, time.UTC)
	pod := func(deletion string, finalizers string) podSet {
		docs := "apiVersion: v1\nkind: Pod\nmetadata: {name: api-1, namespace: shop, deletionTimestamp: \"" + deletion + "\", finalizers: [" + finalizers + "]}\nspec: {nodeName: n1}\nstatus: {phase: Running}\n"
		objs, errs := bundle.DecodeDocuments("pod.yaml", []byte(docs))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		return podSet{pods: objs}
	}
	node, errs := bundle.DecodeDocuments("node.yaml", []byte("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {conditions: [{type: Ready, status: Unknown, reason: NodeStatusUnknown}]}\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	ix := bundle.NewIndex(node, nil)
	got, ok := stuckTerminating(ix, pod("2026-11-10T15:00:30Z", "example.com/drain"), now)
	want := "Pod shop/api-1 has been terminating for 9m30s past its grace period (deletionTimestamp 2026-11-10T15:00:30Z), held by finalizer example.com/drain, on node n1 (Ready=Unknown NodeStatusUnknown)"
	if !ok || got != want {
		t.Errorf("stuckTerminating = %q, %v; want %q", got, ok, want)
	}
	if r, ok := stuckTerminating(ix, pod("2026-11-10T15:09:30Z", ""), now); ok {
		t.Errorf("within a minute of its grace period: %q", r)
	}
	if r, ok := stuckTerminating(ix, pod("2026-11-10T15:00:30Z", ""), time.Time{}); ok {
		t.Errorf("capture time unknown: %q", r)
	}
}
