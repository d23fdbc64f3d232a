package layers

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// minPerWorker is the least work worth a goroutine: below it, starting
// workers costs more than it saves.
const minPerWorker = 64

// forEach calls f(i) once for every i in [0, n), on up to GOMAXPROCS
// goroutines, and returns when all calls have returned. f must only write
// to state private to i (its own result slot). A panic in f is re-raised
// in the caller, as it would be had the calls been made in a loop.
func forEach(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n/minPerWorker)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		once  sync.Once
		fault any
	)
	for range workers {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { fault = r })
					next.Store(int64(n)) // stop the other workers early
				}
			}()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
	if fault != nil {
		panic(fault)
	}
}
