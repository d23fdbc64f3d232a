package memory

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// ChurnPercent is the collector's proportional target while a phase that
// makes mostly garbage runs (Churn), once the heap is past ChurnFloor:
// Go's default.
const ChurnPercent = 100

// ChurnFloor is the heap a Churn phase may reach before it collects. Below
// it, collections cost time and spare no memory that a later phase would
// not take anyway: on rift's own bundle of 100k objects, whose later
// phases hold 1 GiB, collecting the load at Go's default target cost 12 %
// more wall time and lowered no peak, while on a troubleshoot bundle of
// the same size, whose load is five sixths garbage, a floor of 512 MiB
// keeps the halved peak (1.49 GiB against 1.45 at Go's default, 2.8 with
// no collection) and a floor of 768 MiB loses a third of that gain
// (docs/performance.md).
const ChurnFloor = 512 << 20

// churn counts the Churn phases running, so that overlapping ones (diff
// loads two bundles) set the target once and the last one restores it.
var churn struct {
	sync.Mutex
	n      int
	before int
	gen    int // which run of Churn phases the sentinels belong to
}

// Churn marks the start of a phase that leaves most of what it allocates
// as garbage, and returns the function that marks its end. Under Batch the
// collector runs in between whenever the heap reaches the larger of
// ChurnFloor and twice what the last collection left live (Go's default
// target, ChurnPercent), instead of not until memory runs short. Loading a
// bundle is such a phase: the file bytes it reads, the decoded maps the
// loader's sharing drops for equal ones, and the decoder's scratch are
// garbage once a file is decoded, five sixths of what it allocates on a
// troubleshoot bundle of 100k objects (1.87 GiB allocated, 301 MiB live),
// and without collections all of it was heap at once. Under Steady, or
// when GOGC or GOMEMLIMIT set the collector, it does nothing.
func Churn() (end func()) {
	if !checkpoints.Load() {
		return func() {}
	}
	churn.Lock()
	if churn.n++; churn.n == 1 {
		churn.before = debug.SetGCPercent(churnPercent(heapSizes()))
		churn.gen++
		rearm(churn.gen)
	}
	churn.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			churn.Lock()
			if churn.n--; churn.n == 0 {
				debug.SetGCPercent(churn.before)
			}
			churn.Unlock()
		})
	}
}

// churnPercent is the proportional target that puts the next collection
// at the larger of ChurnFloor and twice the live heap. Go's goal is the
// larger of live + (live + roots) × percent / 100, the roots being the
// goroutine stacks and globals, and a minimum heap of 4 MiB × percent /
// 100; both count here. Computed from a small live heap alone, the target
// put the first collection of a load at 750–900 MiB instead of the floor.
func churnPercent(live, roots uint64) int {
	live = max(live, 1<<20)
	if live >= ChurnFloor/2 {
		return ChurnPercent
	}
	return int(min((ChurnFloor-live)*100/(live+roots), ChurnFloor*100/minHeapUnit))
}

// minHeapUnit is the runtime's minimum heap at a target of 100 %; the
// minimum scales with the target (runtime.heapMinimum).
const minHeapUnit = 4 << 20

// heapSizes reads the heap the last collection left live and the roots
// the collector scans (stacks and globals).
func heapSizes() (live, roots uint64) {
	s := []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/gc/scan/globals:bytes"},
		{Name: "/gc/scan/stack:bytes"},
	}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64() + s[2].Value.Uint64()
}

// sentinel is garbage whose finalizer runs after each collection while a
// Churn phase lasts, the one hook Go gives after a collection, so that the
// target follows the live heap.
type sentinel struct{ _ [16]byte }

// rearm leaves a sentinel to be collected; the caller holds churn's lock.
// A sentinel left by an earlier run of phases, collected during a later
// one, ends its chain instead of starting a second.
func rearm(gen int) {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		churn.Lock()
		defer churn.Unlock()
		if churn.n == 0 || churn.gen != gen {
			return
		}
		debug.SetGCPercent(churnPercent(heapSizes()))
		rearm(gen)
	})
}
