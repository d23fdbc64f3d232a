package timeline

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/bundle"
)

const gitopsEngine = "../../testdata/corpus/gitops-engine-health/pkg/health/testdata/"

// stateEntry is what a test expects of an entry read from state.
type stateEntry struct {
	Reason, Source, Precision, Confidence string
	Failure                               bool
}

// TestExpiredEvents uses a real crash-looping pod captured without its
// events: the failures survive only in conditions and container state, so
// they are marked low confidence and the gap is stated.
func TestExpiredEvents(t *testing.T) {
	b := loadFiles(t, gitopsEngine+"pod-crashloop.yaml")
	tl := Build(b, nil)
	var got []stateEntry
	for _, e := range tl.Entries {
		if e.Failure {
			got = append(got, stateEntry{e.Reason, e.Source, e.Precision, e.Confidence, e.Failure})
		}
	}
	want := []stateEntry{
		{"ContainersNotReady", SourceCondition, PrecisionSecond, ConfidenceLow, true},
		{"CrashLoopBackOff", SourceContainer, PrecisionInferred, ConfidenceLow, true},
		{"Error", SourceContainer, PrecisionSecond, ConfidenceLow, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("failures (-want +got):\n%s", diff)
	}
	// The crash, not the unready condition that predates it, is where the
	// failure started; the back-off is its effect.
	if tl.Earliest == nil || tl.Earliest.Entry.Reason != "Error" || tl.Earliest.Entry.Confidence != ConfidenceLow {
		t.Fatalf("earliest = %+v, want the low-confidence Error", tl.Earliest)
	}
	wantGaps := []string{
		"namespace argocd: failures of Pod/argocd/my-pod are visible only in conditions or container state (no events left; confidence low)",
		"no events for namespace argocd: they expire after about 1h0m0s or were not collected; its failures are known only from conditions and container state",
	}
	if diff := cmp.Diff(wantGaps, tl.Gaps); diff != "" {
		t.Errorf("gaps (-want +got):\n%s", diff)
	}
}

// TestGaps covers namespaces without events and events the collector could
// not read.
func TestGaps(t *testing.T) {
	b := loadFiles(t, gitopsEngine+"deployment-degraded.yaml", gitopsEngine+"pod-running-not-ready.yaml")
	b.Meta.NotCollected = []bundle.NotCollected{{Resource: "events", Namespace: "argocd", Reason: "forbidden: events is forbidden"}}
	tl := Build(b, nil)
	var got []string
	for _, g := range tl.Gaps {
		switch {
		case strings.HasPrefix(g, "events not collected for argocd: forbidden"):
			got = append(got, "notCollected")
		case strings.HasPrefix(g, "no events for namespace "):
			got = append(got, "no events")
		}
	}
	if diff := cmp.Diff([]string{"notCollected", "no events"}, got); diff != "" {
		t.Errorf("gaps (-want +got):\n%s\nall gaps: %q", diff, tl.Gaps)
	}
}
