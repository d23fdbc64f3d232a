// Package pool runs independent calls on the processors Go may use
// (GOMAXPROCS) and returns when all have returned, as if they had been made
// one after another: a panic in a worker goroutine is re-raised in the
// caller. It is the one worker pool of rift; the analysis stages call it
// rather than starting goroutines of their own.
//
// The calls must be independent: each may write only state of its own (its
// result slot, its worker's private state). The pool adds no ordering
// between them beyond "all have returned when the pool returns".
package pool

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Panic is what a panic in a worker goroutine becomes when the pool
// re-raises it in the caller. A bare re-panic would show only the caller's
// stack, where the worker's failure is invisible; Panic keeps the stack of
// the worker as it was when it panicked. Because Panic is an error, the
// runtime prints Error(), worker stack included, when nothing recovers it.
type Panic struct {
	// Value is what the worker panicked with.
	Value any
	// Stack is the worker goroutine's stack, taken while it was panicking
	// (runtime/debug.Stack in its deferred recover).
	Stack []byte
}

func (p *Panic) Error() string {
	return fmt.Sprintf("%v\n\n[worker goroutine when it panicked]\n%s", p.Value, p.Stack)
}

// Unwrap returns Value when it is an error, so errors.Is and errors.As see
// through the pool.
func (p *Panic) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}

// catch turns the value r recovered in a worker into a *Panic carrying the
// worker's stack. A *Panic from a nested pool is kept as it is: it already
// holds the stack of the goroutine that failed first.
func catch(r any) *Panic {
	if p, ok := r.(*Panic); ok {
		return p
	}
	return &Panic{Value: r, Stack: debug.Stack()}
}

// ForEach calls f(i) once for every i in [0, n) and returns when all calls
// have returned. It uses up to GOMAXPROCS workers, and only as many as give
// each at least minPerWorker calls: below that, starting a goroutine costs
// more than it saves, so a small n (or GOMAXPROCS 1) runs inline in index
// order on the caller's goroutine, where a panic propagates unchanged.
//
// Workers take indices one at a time, so a few slow calls do not hold up a
// whole share. When a call panics the other workers take no new index and
// the caller panics with a *Panic; if several calls panicked before the
// workers stopped, the one with the lowest index wins.
func ForEach(n, minPerWorker int, f func(i int)) {
	ForEachWith(n, minPerWorker, func() struct{} { return struct{}{} }, func(_ struct{}, i int) { f(i) })
}

// ForEachWith is ForEach for calls that need scratch state too costly to
// make per call and unsafe to share, such as a decoder with a cache: each
// worker makes its own with newState, once, and passes it to every f it
// runs. An inline run makes one.
func ForEachWith[S any](n, minPerWorker int, newState func() S, f func(s S, i int)) {
	workers := min(runtime.GOMAXPROCS(0), n/max(minPerWorker, 1))
	if workers <= 1 {
		if n > 0 {
			s := newState()
			for i := range n {
				f(s, i)
			}
		}
		return
	}
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		mu    sync.Mutex
		fault *Panic
		at    int // index of fault
	)
	for range workers {
		wg.Go(func() {
			i := -1
			defer func() {
				if r := recover(); r != nil {
					p := catch(r)
					next.Store(int64(n)) // the other workers take no new index
					mu.Lock()
					if fault == nil || i < at {
						fault, at = p, i
					}
					mu.Unlock()
				}
			}()
			s := newState()
			for {
				if i = int(next.Add(1) - 1); i >= n {
					return
				}
				f(s, i)
			}
		})
	}
	wg.Wait()
	if fault != nil {
		panic(fault)
	}
}

// Run runs the tasks fs concurrently and returns when all have finished.
// It is meant for a few coarse, unequal tasks (build this index while
// reading those events): each gets a goroutine of its own, so that the
// scheduler shares the processors among them and the longest starts at
// once, wherever it stands in fs. With GOMAXPROCS 1, or a single task, the
// tasks run inline in order. A task cannot be stopped once started, so all
// run to the end; if any panicked, the caller panics with the *Panic of the
// first in argument order, as it would had they run one after another.
func Run(fs ...func()) {
	if len(fs) < 2 || runtime.GOMAXPROCS(0) < 2 {
		for _, f := range fs {
			f()
		}
		return
	}
	faults := make([]*Panic, len(fs))
	var wg sync.WaitGroup
	for i, f := range fs {
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil {
					faults[i] = catch(r)
				}
			}()
			f()
		})
	}
	wg.Wait()
	for _, p := range faults {
		if p != nil {
			panic(p)
		}
	}
}
