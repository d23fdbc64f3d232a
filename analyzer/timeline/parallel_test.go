package timeline

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRunAll(t *testing.T) {
	for _, procs := range []int{1, 4} {
		t.Run(fmt.Sprintf("procs=%d", procs), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			got := make([]int, 3)
			runAll(func() { got[0] = 1 }, func() { got[1] = 2 }, func() { got[2] = 3 })
			if diff := cmp.Diff([]int{1, 2, 3}, got); diff != "" {
				t.Errorf("tasks run (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRunAllReraisesFirstPanic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	defer func() {
		if diff := cmp.Diff("second", recover()); diff != "" {
			t.Errorf("recovered value (-want +got):\n%s", diff)
		}
	}()
	runAll(func() {}, func() { panic("second") }, func() { panic("third") })
	t.Error("runAll returned normally after a panic")
}

// TestBuildSameOnOneOrManyProcs checks that building the sources
// concurrently changes nothing: the timeline is the one a single
// processor builds.
func TestBuildSameOnOneOrManyProcs(t *testing.T) {
	b, ws := syntheticBundle(300)
	prev := runtime.GOMAXPROCS(1)
	want := Build(b, ws)
	runtime.GOMAXPROCS(max(prev, 4))
	got := Build(b, ws)
	runtime.GOMAXPROCS(prev)
	if len(want.Entries) == 0 {
		t.Fatal("empty timeline")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("concurrent Build differs (-one +many):\n%s", diff)
	}
}
