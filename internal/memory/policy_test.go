package memory

import (
	"runtime/debug"
	"testing"
)

// TestResident: a Resident process collects as under Batch until Loaded,
// then as under Steady; Loaded does nothing under any other policy.
func TestResident(t *testing.T) {
	untuned(t)
	defer Apply(Steady)
	Apply(Resident)
	if !Checkpoints() || gcPercent() != -1 {
		t.Fatalf("Resident, loading: checkpoints %v, GC percent %d; want Batch's (true, -1)", Checkpoints(), gcPercent())
	}
	Loaded()
	if Checkpoints() || gcPercent() != start.percent || debug.SetMemoryLimit(-1) != start.limit {
		t.Errorf("Resident, loaded: checkpoints %v, GC percent %d; want Steady's (false, %d) and the start limit", Checkpoints(), gcPercent(), start.percent)
	}
	Apply(Batch)
	Loaded()
	if !Checkpoints() || gcPercent() != -1 {
		t.Errorf("Batch: Loaded changed the collector: checkpoints %v, GC percent %d", Checkpoints(), gcPercent())
	}
}
