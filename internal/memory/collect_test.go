package memory

import (
	"runtime"
	"runtime/debug"
	"testing"
)

var sink [][]byte

// garbage leaves twice MinGarbage of garbage on the heap.
func garbage() {
	for range 2 * MinGarbage / (1 << 20) {
		sink = append(sink, make([]byte, 1<<20))
	}
	sink = nil
}

// TestCheckpoint: under Steady a checkpoint never collects; under Batch
// it collects once MinGarbage bytes of garbage are there, not on a small
// heap.
func TestCheckpoint(t *testing.T) {
	untuned(t)
	Apply(Steady)
	garbage()
	if Checkpoint() || Checkpoints() {
		t.Error("Steady: a checkpoint collected")
	}

	Apply(Batch)
	if !Checkpoints() || gcPercent() != -1 {
		t.Fatal("Batch: no checkpoints, or a proportional target left")
	}
	runtime.GC()
	if Checkpoint() {
		t.Error("Batch: collected right after a collection")
	}
	garbage()
	collectsOnce(t, "Checkpoint", Checkpoint)
}

// TestApplyYields: GOGC or GOMEMLIMIT in the environment replace Batch's
// collector settings and turn its checkpoints off; Steady restores the
// settings the process started with.
func TestApplyYields(t *testing.T) {
	t.Setenv("RIFT_HUGEPAGES", "0")
	defer Apply(Steady)
	for _, tc := range []struct {
		name, gogc, limit string
		wantPercent       int
	}{
		{"GOGC", "150", "", 0},
		{"GOMEMLIMIT", "", "1GiB", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			t.Setenv("GOMEMLIMIT", tc.limit)
			Apply(Steady)
			Apply(Batch)
			if Checkpoints() {
				t.Error("checkpoints on")
			}
			want := tc.wantPercent
			if tc.gogc != "" {
				want = start.percent // the runtime read GOGC at start-up
			}
			if got := gcPercent(); got != want {
				t.Errorf("GC percent %d, want %d", got, want)
			}
			Apply(Steady)
			if got := gcPercent(); got != start.percent {
				t.Errorf("Steady: GC percent %d, want the start's %d", got, start.percent)
			}
		})
	}
}

// collectsOnce calls collect, which must report a collection after the
// 2 × MinGarbage of garbage() that the runtime counted too.
func collectsOnce(t *testing.T, name string, collect func() bool) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if !collect() {
		t.Fatalf("Batch: %s did not collect %d MiB of garbage", name, 2*MinGarbage>>20)
	}
	runtime.ReadMemStats(&after)
	if after.NumGC == before.NumGC {
		t.Errorf("Batch: %s reported a collection the runtime did not count", name)
	}
}

// untuned clears the environment that tunes the collector and the huge
// pages for the test, and restores Steady when it ends.
func untuned(t *testing.T) {
	t.Helper()
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	t.Setenv("RIFT_HUGEPAGES", "0")
	t.Cleanup(func() { Apply(Steady) })
}

// gcPercent reads the collector's target without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}
