package memory

import (
	"runtime/debug"
	"sync"
)

// ChurnPercent is the collector's proportional target while a phase that
// makes mostly garbage runs (Churn): Go's default.
const ChurnPercent = 100

// churn counts the Churn phases running, so that overlapping ones (diff
// loads two bundles) set the target once and the last one restores it.
var churn struct {
	sync.Mutex
	n      int
	before int
}

// Churn marks the start of a phase that leaves most of what it allocates
// as garbage, and returns the function that marks its end. Under Batch the
// collector runs at Go's default proportional target (ChurnPercent) in
// between, instead of not until memory runs short. Loading a bundle is
// such a phase: the file bytes it reads, the decoded maps the loader's
// sharing drops for equal ones, and the decoder's scratch are garbage once
// a file is decoded, five sixths of what it allocates on a troubleshoot
// bundle of 100k objects (1.87 GiB allocated, 301 MiB live), and without
// collections all of it was heap at once (docs/performance.md). Under
// Steady, or when GOGC or GOMEMLIMIT set the collector, it does nothing.
func Churn() (end func()) {
	if !checkpoints.Load() {
		return func() {}
	}
	churn.Lock()
	if churn.n++; churn.n == 1 {
		churn.before = debug.SetGCPercent(ChurnPercent)
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
