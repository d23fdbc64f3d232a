package memory

import (
	"runtime"
	"testing"
)

// TestScratch: under Steady the end of a scratch phase never collects;
// under Batch it collects after a phase that allocated MinGarbage, and not
// after one that allocated little, whatever garbage came before it.
func TestScratch(t *testing.T) {
	untuned(t)
	Apply(Steady)
	end := Scratch()
	garbage()
	if end() {
		t.Error("Steady: a scratch phase collected")
	}

	Apply(Batch)
	runtime.GC()
	garbage() // before the phase: not the phase's to collect
	end = Scratch()
	sink = append(sink, make([]byte, 1<<20))
	sink = nil
	if end() {
		t.Error("Batch: collected after a phase that allocated 1 MiB")
	}
	end = Scratch()
	garbage()
	collectsOnce(t, "Scratch", end)
}
