package memory

import "runtime/metrics"

// Scratch marks the start of a phase whose allocations are all garbage
// once it ends, and returns the function that marks its end. Under Batch
// the end collects if the phase allocated at least MinGarbage, so that the
// phases after it reuse that memory instead of fresh pages; it reports
// whether it collected. The health rules' batch evaluation is such a
// phase: its Rego inputs and OPA's scratch, 360 MB for 19,000 custom
// resources, are garbage once the verdicts are kept (docs/performance.md).
// A phase that allocates little costs nothing: no collection, whatever
// garbage the phases before it left (at 100k objects without custom
// resources a collection there cost 0.3 s and lowered no peak). Under
// Steady it does nothing.
func Scratch() (end func() bool) {
	if !checkpoints.Load() {
		return func() bool { return false }
	}
	before := allocated()
	return func() bool {
		if !checkpoints.Load() || allocated()-before < MinGarbage {
			return false
		}
		return collect()
	}
}

// allocated is the bytes the heap has allocated since the process began.
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
