package timeline

import (
	"runtime"
	"sync"
)

// runAll runs the independent tasks fs, concurrently when more than one
// processor is available, and returns when all have finished. Each task
// must write only state of its own. A panic in a task is re-raised in the
// caller (the first task's in argument order, if several panic), as it
// would be had the tasks run one after another.
func runAll(fs ...func()) {
	if runtime.GOMAXPROCS(0) < 2 {
		for _, f := range fs {
			f()
		}
		return
	}
	faults := make([]any, len(fs))
	var wg sync.WaitGroup
	for i, f := range fs {
		wg.Go(func() {
			defer func() { faults[i] = recover() }()
			f()
		})
	}
	wg.Wait()
	for _, r := range faults {
		if r != nil {
			panic(r)
		}
	}
}
