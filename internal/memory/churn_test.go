package memory

import "testing"

// TestChurn: under Batch, Churn sets the proportional target until the
// last of overlapping phases ends, and each end counts once; under
// Steady, or with GOGC in the environment, it leaves the target alone.
func TestChurn(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv("RIFT_HUGEPAGES", "0")
	defer Apply(Steady)
	for _, tc := range []struct {
		name     string
		policy   Policy
		gogc     string
		inside   int // the target while two phases overlap
		afterOne int // once the first has ended (twice)
	}{
		{"batch", Batch, "", ChurnPercent, ChurnPercent},
		{"steady", Steady, "", start.percent, start.percent},
		{"batch with GOGC", Batch, "150", start.percent, start.percent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			Apply(Steady)
			Apply(tc.policy)
			outside := gcPercent()
			endA := Churn()
			endB := Churn()
			if got := gcPercent(); got != tc.inside {
				t.Errorf("inside: GC percent %d, want %d", got, tc.inside)
			}
			endA()
			endA()
			if got := gcPercent(); got != tc.afterOne {
				t.Errorf("after one end: GC percent %d, want %d", got, tc.afterOne)
			}
			endB()
			if got := gcPercent(); got != outside {
				t.Errorf("after both: GC percent %d, want %d as before", got, outside)
			}
		})
	}
}
