package timeline

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

const isHealthy = "../../testdata/corpus/is-healthy/pkg/health/testdata/"

// change is what a test expects of a reconciler entry.
type change struct {
	Time, Reason, Revision string
	Failure                bool
}

// TestReconcilerHistory reads reconcile and deploy times from a real Argo CD
// Application and from the Flux Kustomization and HelmRelease of the seed
// bundles.
func TestReconcilerHistory(t *testing.T) {
	tests := []struct {
		name string
		load func(*testing.T) []Entry
		want []change
	}{
		{"argo application", func(t *testing.T) []Entry {
			return Build(loadFiles(t, isHealthy+"argo-application-healthy.yaml"), nil).Entries
		}, []change{
			{"2023-10-19T14:09:12Z", "SyncStarted", "53e28ff20cc530b9ada2173fbbd64d48338583ba", false},
			{"2023-10-19T14:09:15Z", "Deployed", "53e28ff20cc530b9ada2173fbbd64d48338583ba", false},
			{"2023-10-19T14:09:15Z", "SyncSucceeded", "53e28ff20cc530b9ada2173fbbd64d48338583ba", false},
			{"2024-01-22T18:13:51Z", "Reconciled", "", false},
		}},
		{"flux kustomization", func(t *testing.T) []Entry {
			return Build(loadDir(t, "testdata/kafka-stale-probe"), nil).Entries
		}, []change{
			{"2026-01-28T09:24:10Z", "ReconciliationSucceeded", "main@sha1:4b1d7e9a2c5f8b0d3e6a9c2f5b8e1d4a7c0f3b6e", false},
			{"2026-02-03T10:14:02Z", "ReconciliationSucceeded", "main@sha1:9f3c2a1e7b4d6c8f0a2e4b6d8f1a3c5e7b9d0f2a", false},
		}},
		{"helm release", func(t *testing.T) []Entry {
			return Build(loadDir(t, "testdata/tempo-oom-limit"), nil).Entries
		}, []change{
			{"2026-03-18T11:39:54Z", "Release", "3", false},
			{"2026-03-21T15:23:09Z", "Release", "4", false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []change
			for _, e := range tt.load(t) {
				if e.Source == SourceReconciler {
					got = append(got, change{e.Time.Format(time.RFC3339), e.Reason, e.Revision, e.Failure})
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("reconciler entries (-want +got):\n%s", diff)
			}
		})
	}
}
