package facts

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func pod(phase string, conds []any, statuses []any) *bundle.Object {
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1", "kind": "Pod",
		"metadata": map[string]any{"name": "p", "namespace": "ns"},
		"status":   map[string]any{"phase": phase, "conditions": conds, "containerStatuses": statuses},
	}}}
}

func TestPodState(t *testing.T) {
	ready := map[string]any{"type": "Ready", "status": "True", "lastTransitionTime": "2026-11-01T10:00:00Z"}
	unready := map[string]any{"type": "Ready", "status": "False", "lastTransitionTime": "2026-11-01T11:00:00Z"}
	twice := []any{ready, unready} // bad input: the first of a type wins
	done := []any{map[string]any{"name": "a", "restartCount": int64(2), "state": map[string]any{"terminated": map[string]any{"finishedAt": "2026-11-01T12:00:00Z"}}}}
	at := func(s string) time.Time { return Time(s) }
	tests := []struct {
		name                 string
		p                    *bundle.Object
		ready, serving, done bool
		since                time.Time
		restarts             int64
	}{
		{"running ready", pod("Running", []any{ready}, nil), true, true, false, at("2026-11-01T10:00:00Z"), 0},
		{"running unready", pod("Running", []any{unready}, nil), false, false, false, time.Time{}, 0},
		{"first condition wins", pod("Running", twice, nil), true, true, false, at("2026-11-01T10:00:00Z"), 0},
		{"succeeded: since its last container finished", pod("Succeeded", nil, done), false, true, true, at("2026-11-01T12:00:00Z"), 2},
		{"pending, no status", pod("Pending", nil, nil), false, false, false, time.Time{}, 0},
		{"conditions of the wrong type", pod("Running", []any{"Ready"}, []any{"x"}), false, false, false, time.Time{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []any{PodReady(tt.p), PodServing(tt.p), Finished(tt.p), ReadySince(tt.p), Restarts(tt.p)}
			want := []any{tt.ready, tt.serving, tt.done, tt.since, tt.restarts}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ready, serving, finished, since, restarts (-want +got):\n%s", diff)
			}
		})
	}
}
