package timeline

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestWithLayers runs the testdata bundles through layers.Build, as rift
// does, instead of hand-made workloads: the convergence verdicts and owners
// it finds must lead to the same earliest failures.
func TestWithLayers(t *testing.T) {
	tests := []struct {
		dir  string
		want picked
	}{
		{"pending-before-migration", picked{Object: "Pod/shop/web-7d4b9c8f6d-lq5zx", Reason: "FailedScheduling", Source: SourceEvent, Count: 4}},
		{"kafka-stale-probe", picked{Object: "Pod/kafka/kafka-0", Reason: "Unhealthy", Source: SourceEvent, Count: 214}},
		{"tempo-oom-limit", picked{Object: "Pod/tempo/tempo-0", Reason: "OOMKilled", Source: SourceContainer}},
		{"explain/unschedulable-before-deadline", picked{Object: "Pod/shop/trainer-58d9f7c6b4-z6wqn", Reason: "FailedScheduling", Source: SourceEvent, Count: 11}},
		{"explain/source-fetch-before-stale-revision", picked{Object: "GitRepository/flux-system/apps", Reason: "GitOperationFailed", Source: SourceEvent, Count: 57}},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			b := loadDir(t, "testdata/"+tt.dir)
			ws := layers.Build(b)
			tl := Build(b, ws)
			got := pickedOf(tl.Earliest)
			got.Workloads = nil
			if diff := cmp.Diff(tt.want, got); diff != "" {
				for _, w := range ws {
					t.Logf("workload %s: %s (%s) owners %v", w.Ref, w.Convergence, w.ConvergenceReason, w.Owners)
				}
				t.Errorf("earliest failure with layers.Build (-want +got):\n%s", diff)
			}
		})
	}
}
