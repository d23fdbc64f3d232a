package layers

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestForEachCallsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, minPerWorker - 1, minPerWorker, 3*minPerWorker + 5, 5000} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			calls := make([]atomic.Int32, n)
			forEach(n, func(i int) { calls[i].Add(1) })
			var got []int
			for i := range calls {
				if c := calls[i].Load(); c != 1 {
					got = append(got, i)
				}
			}
			if diff := cmp.Diff([]int(nil), got); diff != "" {
				t.Errorf("indices not called exactly once (-want +got):\n%s", diff)
			}
		})
	}
}

func TestForEachReraisesPanic(t *testing.T) {
	defer func() {
		if diff := cmp.Diff("boom at 300", recover()); diff != "" {
			t.Errorf("recovered value (-want +got):\n%s", diff)
		}
	}()
	forEach(1000, func(i int) {
		if i == 300 {
			panic(fmt.Sprintf("boom at %d", i))
		}
	})
	t.Error("forEach returned normally after a panic")
}

// TestBuildSameOnOneOrManyProcs checks that analysing workloads in
// parallel changes nothing: the result is the one a single worker gives.
func TestBuildSameOnOneOrManyProcs(t *testing.T) {
	b := syntheticBundle(300)
	prev := runtime.GOMAXPROCS(1)
	want := Build(b)
	runtime.GOMAXPROCS(max(prev, 4))
	got := Build(b)
	runtime.GOMAXPROCS(prev)
	if len(want) != 600 {
		t.Fatalf("got %d workloads, want 300 Deployments and 300 Services", len(want))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parallel Build differs (-one +many):\n%s", diff)
	}
}
