package timeline

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/facts"
)

// TestPrecisionsAreFacts: an event entry takes its precision as facts
// reads it, so the two sets of names must be one.
func TestPrecisionsAreFacts(t *testing.T) {
	want := []string{PrecisionSecond, PrecisionMicrosecond, PrecisionInferred}
	got := []string{facts.PrecisionSecond, facts.PrecisionMicrosecond, facts.PrecisionInferred}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-timeline +facts):\n%s", diff)
	}
}
