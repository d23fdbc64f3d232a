package memory

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestChurn: under Batch, Churn sets the proportional target until the
// last of overlapping phases ends, and each end counts once; under
// Steady, or with GOGC in the environment, it leaves the target alone.
// The test's heap is far below ChurnFloor, so the target is the floor's.
func TestChurn(t *testing.T) {
	untuned(t)
	for _, tc := range []struct {
		name     string
		policy   Policy
		gogc     string
		inside   int // the target while two phases overlap
		afterOne int // once the first has ended (twice)
	}{
		{"batch", Batch, "", -2, -2},
		{"steady", Steady, "", start.percent, start.percent},
		{"batch with GOGC", Batch, "150", start.percent, start.percent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			Apply(Steady)
			Apply(tc.policy)
			outside := gcPercent()
			if tc.inside == -2 {
				tc.inside = churnPercent(heapSizes())
				tc.afterOne = tc.inside
			}
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

// TestChurnPercent: the target puts the next collection at ChurnFloor
// until the live heap is half of it, and at Go's default after; the
// roots, to which Go applies the percentage too, count beside the live
// heap, so that the goal (live + (live + roots) × percent / 100) is the
// floor.
func TestChurnPercent(t *testing.T) {
	for _, tc := range []struct {
		live, roots uint64
		want        int
	}{
		{0, 0, ChurnFloor * 100 / minHeapUnit},
		{64 << 20, 0, 700},
		{128 << 20, 0, 300},
		{2 << 20, 2 << 20, 12750},
		{16 << 20, 4 << 20, 2480},
		{64 << 20, 64 << 20, 350},
		{ChurnFloor / 2, 4 << 20, ChurnPercent},
		{ChurnFloor, 0, ChurnPercent},
		{4 * ChurnFloor, 0, ChurnPercent},
	} {
		got := churnPercent(tc.live, tc.roots)
		if got != tc.want {
			t.Errorf("churnPercent(%d MiB, %d MiB) = %d, want %d", tc.live>>20, tc.roots>>20, got, tc.want)
		}
		if live := max(tc.live, 1<<20); live < ChurnFloor/2 {
			goal := max(live+(live+tc.roots)*uint64(got)/100, minHeapUnit*uint64(got)/100)
			if d := int64(goal) - ChurnFloor; d < -(1<<20) || d > 1<<20 {
				t.Errorf("churnPercent(%d MiB, %d MiB): goal %d MiB, want the floor", tc.live>>20, tc.roots>>20, goal>>20)
			}
		}
	}
}

// TestChurnFollowsLiveHeap: while a phase lasts, each collection sets the
// target from the heap it left live.
func TestChurnFollowsLiveHeap(t *testing.T) {
	untuned(t)
	Apply(Batch)
	end := Churn()
	defer end()
	debug.SetGCPercent(ChurnPercent + 1) // what the finalizer must replace
	for i := 0; i < 100 && gcPercent() == ChurnPercent+1; i++ {
		runtime.GC() // the finalizer runs on its own goroutine after it
		time.Sleep(time.Millisecond)
	}
	if got, want := gcPercent(), churnPercent(heapSizes()); got != want {
		t.Errorf("after a collection: GC percent %d, want %d", got, want)
	}
}
