package pool

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// procs sets GOMAXPROCS for the rest of the test.
func procs(t *testing.T, n int) {
	prev := runtime.GOMAXPROCS(n)
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
}

// notOnce lists the indices whose count is not 1.
func notOnce(calls []atomic.Int32) []int {
	var out []int
	for i := range calls {
		if calls[i].Load() != 1 {
			out = append(out, i)
		}
	}
	return out
}

func TestForEachCallsEveryIndexOnce(t *testing.T) {
	procs(t, 4)
	const per = 8
	for _, n := range []int{0, 1, per - 1, per, 2 * per, 3*per + 5, 5000} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			calls := make([]atomic.Int32, n)
			ForEach(n, per, func(i int) { calls[i].Add(1) })
			if diff := cmp.Diff([]int(nil), notOnce(calls)); diff != "" {
				t.Errorf("indices not called exactly once (-want +got):\n%s", diff)
			}
		})
	}
}

// TestForEachWithState checks that every worker gets state of its own: a
// state shared by two workers would be caught by -race, and the states
// made are at most the workers the pool may start.
func TestForEachWithState(t *testing.T) {
	procs(t, 4)
	tests := []struct {
		name      string
		n, per    int
		maxStates int32
	}{
		{"empty makes no state", 0, 1, 0},
		{"inline makes one", 10, 64, 1},
		{"workers make one each", 1000, 1, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var made atomic.Int32
			calls := make([]atomic.Int32, tc.n)
			ForEachWith(tc.n, tc.per, func() *int { made.Add(1); return new(int) }, func(s *int, i int) {
				*s++ // unsynchronised: only its worker may touch s
				calls[i].Add(1)
			})
			if diff := cmp.Diff([]int(nil), notOnce(calls)); diff != "" {
				t.Errorf("indices not called exactly once (-want +got):\n%s", diff)
			}
			if m := made.Load(); m > tc.maxStates || (tc.n > 0 && m == 0) {
				t.Errorf("made %d states, want 1 to %d", m, tc.maxStates)
			}
		})
	}
}

// TestForEachInline checks that work too small to share, or a single
// processor, runs on the caller's goroutine in index order.
func TestForEachInline(t *testing.T) {
	tests := []struct {
		name      string
		procs, n  int
		minPerWkr int
	}{
		{"n below the minimum", 4, 63, 64},
		{"n below two workers' minimum", 4, 127, 64},
		{"one processor", 1, 1000, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			procs(t, tc.procs)
			var got, want []int
			ForEach(tc.n, tc.minPerWkr, func(i int) { got = append(got, i) }) // no lock: inline
			for i := range tc.n {
				want = append(want, i)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("call order (-want +got):\n%s", diff)
			}
		})
	}
}

// explode is a named frame for the stack tests to find.
func explode(i int) { panic(fmt.Sprintf("boom at %d", i)) }

// recovered runs f and returns what it panicked with.
func recovered(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func TestForEachReraisesWithWorkerStack(t *testing.T) {
	procs(t, 4)
	var calls atomic.Int32
	r := recovered(func() {
		// Every call but the failing first takes a millisecond: were the
		// workers not stopped, the pool would run for a minute and a half.
		ForEach(100000, 1, func(i int) {
			calls.Add(1)
			if i == 0 {
				explode(i)
			}
			time.Sleep(time.Millisecond)
		})
	})
	p, ok := r.(*Panic)
	if !ok {
		t.Fatalf("recovered %T %v, want *Panic", r, r)
	}
	if diff := cmp.Diff("boom at 0", p.Value); diff != "" {
		t.Errorf("panic value (-want +got):\n%s", diff)
	}
	// The worker's own frames, not only the caller's, are in the message
	// the runtime would print.
	for _, frame := range []string{"pool.explode(", "TestForEachReraisesWithWorkerStack.func1.1("} {
		if !strings.Contains(p.Error(), frame) {
			t.Errorf("panic message lacks the worker frame %q:\n%s", frame, p.Error())
		}
	}
	if n := calls.Load(); n > 1000 {
		t.Errorf("%d calls ran; after the panic the workers should take no new index", n)
	}
}

func TestForEachLowestIndexPanicWins(t *testing.T) {
	procs(t, 4)
	for range 20 {
		r := recovered(func() { ForEach(8, 1, func(i int) { explode(i) }) })
		p, _ := r.(*Panic)
		if p == nil || p.Value != "boom at 0" {
			t.Fatalf("recovered %v, want the panic of index 0, which every worker reaches first", r)
		}
	}
}

func TestRun(t *testing.T) {
	for _, n := range []int{1, 4} {
		t.Run(fmt.Sprintf("procs=%d", n), func(t *testing.T) {
			procs(t, n)
			got := make([]int, 3)
			Run(func() { got[0] = 1 }, func() { got[1] = 2 }, func() { got[2] = 3 })
			if diff := cmp.Diff([]int{1, 2, 3}, got); diff != "" {
				t.Errorf("tasks run (-want +got):\n%s", diff)
			}
			Run() // no tasks: returns
		})
	}
}

func TestRunReraisesFirstPanicInArgumentOrder(t *testing.T) {
	procs(t, 4)
	var third atomic.Bool
	r := recovered(func() {
		Run(func() {}, func() { explode(2) }, func() { third.Store(true); panic(io.EOF) })
	})
	p, ok := r.(*Panic)
	if !ok {
		t.Fatalf("recovered %T %v, want *Panic", r, r)
	}
	if diff := cmp.Diff("boom at 2", p.Value); diff != "" {
		t.Errorf("panic value (-want +got):\n%s", diff)
	}
	if !strings.Contains(p.Error(), "pool.explode(") {
		t.Errorf("panic message lacks the worker frame:\n%s", p.Error())
	}
	if !third.Load() {
		t.Error("a started task was abandoned")
	}
}

func TestPanicUnwrapsAndNests(t *testing.T) {
	procs(t, 4)
	r := recovered(func() {
		Run(func() {}, func() { ForEach(1000, 1, func(int) { panic(io.ErrUnexpectedEOF) }) })
	})
	p, ok := r.(*Panic)
	if !ok {
		t.Fatalf("recovered %T %v, want *Panic", r, r)
	}
	if !errors.Is(p, io.ErrUnexpectedEOF) {
		t.Errorf("errors.Is(%v, io.ErrUnexpectedEOF) = false", p.Value)
	}
	if _, nested := p.Value.(*Panic); nested {
		t.Error("a nested pool's *Panic was wrapped again")
	}
}
