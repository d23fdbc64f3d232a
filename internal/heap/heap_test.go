package heap

import (
	"runtime"
	"runtime/debug"
	"testing"
)

var sink [][]byte

// TestCollect: no collection on a small heap, one once MinGarbage bytes of
// garbage are there.
func TestCollect(t *testing.T) {
	// As in rift, no proportional target: only Collect collects.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	if Collect() {
		t.Error("collected right after a collection")
	}
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 2 * MinGarbage / (1 << 20) {
		sink = append(sink, make([]byte, 1<<20))
	}
	sink = nil // all of it garbage now
	if !Collect() {
		t.Fatalf("no collection with %d MiB of garbage", 2*MinGarbage>>20)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if after.NumGC == before.NumGC {
		t.Error("Collect reported a collection the runtime did not count")
	}
}
