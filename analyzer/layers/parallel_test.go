package layers

import (
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
)

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
