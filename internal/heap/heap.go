// Package heap holds the analysis's garbage-collection points: the places
// where a phase leaves so much garbage that collecting it, so the next
// phase reuses its memory, is cheaper than the fresh pages that phase
// would otherwise touch.
package heap

import (
	"runtime"
	"runtime/metrics"
)

// MinGarbage is the least heap, beyond what the last collection found
// live, that makes Collect collect. A collection has a fixed cost of a few
// milliseconds (the compiled policies alone are ~10 MiB to mark), which a
// small analysis, whose whole heap fits in the memory the process already
// has, never earns back.
const MinGarbage = 64 << 20

// Collect runs a garbage collection if the heap holds at least MinGarbage
// bytes more than the last collection left live, and reports whether it
// did.
func Collect() bool {
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
