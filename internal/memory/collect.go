package memory

import (
	"runtime"
	"runtime/metrics"
)

// MinGarbage is the least heap, beyond what the last collection found
// live, that makes Checkpoint collect. A collection has a fixed cost of a
// few milliseconds (the compiled policies alone are ~10 MiB to mark),
// which a small analysis, whose whole heap fits in the memory the process
// already has, never earns back.
const MinGarbage = 64 << 20

// Checkpoint marks a point where a batch phase has left its garbage
// behind: once the timeline is built, before the rule input is (the
// phases before it leave about two fifths of what they allocated, 440 MB
// at 100k objects), and once the rule input is built, before the rules
// run (its conversion leaves a quarter). Under Batch it collects there if
// the heap holds at least MinGarbage more than the last collection left
// live, so that the allocations after it reuse that memory instead of
// fresh pages: at 100k objects this cut peak memory by a fifth for no time
// where the first touch of a page is dear, as on a VM
// (docs/performance.md). Under Steady, whose collector keeps the heap near
// its live size anyway, it does nothing. It reports whether it collected.
func Checkpoint() bool {
	if !checkpoints.Load() {
		return false
	}
	return collect()
}

func collect() bool {
	s := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
	}
	metrics.Read(s)
	objects, live := s[0].Value.Uint64(), s[1].Value.Uint64()
	if objects < live || objects-live < MinGarbage {
		return false
	}
	runtime.GC()
	return true
}
