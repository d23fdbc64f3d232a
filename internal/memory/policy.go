// Package memory is rift's one memory policy: how the Go collector is set
// for a command, whether the heap asks Linux for huge pages, and where an
// analysis collects garbage of its own accord. Everything else calls into
// it: cmd/rift applies the policy its command asks for (Apply, with the
// command's Policy from internal/cli), and the analysis marks the points
// where a phase leaves its garbage behind (Checkpoint). Dropping
// references is the one part that stays with the data: an analysis lets go
// of the decoded bundle before the rules run (analyzer.Analyze,
// hypothesis.Engine.EvaluateStages), so that a checkpoint can free it.
//
// There are three policies (docs/performance.md has the measurements):
//
//   - Steady, Go's own settings, for every process that makes garbage all
//     along: collect, redact and test, the generators, tests and any
//     program that uses rift's packages. Its memory stays near what it
//     holds live.
//   - Resident, for a server that loads a bundle once and holds it while
//     it answers (serve, shell): Batch while it loads, with huge pages for
//     the heap, which it reads all over as an analysis does; then, once it
//     calls Loaded, Steady's collector, since what it answers with is
//     garbage.
//   - Batch, for a command that builds one analysis (analyze, diff,
//     inspect, timeline, verify, dev phases): its heap mostly grows until
//     the report is written, so collections at Go's default target free
//     little and cost 10–30 % more time. Batch sets no proportional
//     target and a soft limit at three quarters of the memory the process
//     may use, so the runtime collects only when memory runs short, and
//     turns the checkpoints on: a collection where a phase has left at
//     least MinGarbage of garbage, so that the next phase reuses that
//     memory instead of touching fresh pages. It also asks for huge pages
//     for the heap (adviseHugePages). GOGC or GOMEMLIMIT in the
//     environment override the collector settings and turn the
//     checkpoints off; RIFT_HUGEPAGES=0 turns the huge pages off.
package memory

import (
	"os"
	"runtime/debug"
	"sync/atomic"
)

// Policy is how a process uses memory: Steady or Batch.
type Policy int

const (
	// Steady keeps Go's collector settings and never collects at a
	// checkpoint.
	Steady Policy = iota
	// Batch collects when memory runs short and at the checkpoints, with
	// huge pages for the heap.
	Batch
	// Resident is Batch until Loaded, then Steady's collector with
	// Batch's huge pages.
	Resident
)

// fallbackGCPercent is Batch's collector target when the machine's memory
// cannot be read, so that no memory limit can be set.
const fallbackGCPercent = 400

// checkpoints is whether Checkpoint collects: Batch's, unless the user
// tuned the collector.
var checkpoints atomic.Bool

// loading is set while a Resident process loads, until Loaded.
var loading atomic.Bool

// start is the collector settings the process started with, which Steady
// restores.
var start = func() (s struct {
	percent int
	limit   int64
}) {
	s.percent = debug.SetGCPercent(-1)
	debug.SetGCPercent(s.percent)
	s.limit = debug.SetMemoryLimit(-1) // a negative limit reads it, unchanged
	return s
}()

// Apply sets the process's policy. cmd/rift calls it once, before any
// work; a test may call it and restore Steady after. The huge-page
// advice of Batch and Resident is given once and stays.
func Apply(p Policy) {
	loading.Store(p == Resident)
	if p != Batch && p != Resident {
		steadyCollector()
		return
	}
	batchCollector()
	adviseHugePages()
}

// Loaded marks the end of a Resident process's load: from here on it
// runs under Steady's collector settings (its huge pages stay). Under any
// other policy it does nothing.
func Loaded() {
	if loading.Swap(false) {
		steadyCollector()
	}
}

// steadyCollector restores the collector settings the process started
// with and turns the checkpoints off.
func steadyCollector() {
	checkpoints.Store(false)
	debug.SetGCPercent(start.percent)
	debug.SetMemoryLimit(start.limit)
}

// batchCollector sets Batch's collector and checkpoints, yielding to
// GOGC and GOMEMLIMIT. Past the soft limit the runtime collects as often
// as it must and exceeds the limit rather than fail.
func batchCollector() {
	userGOGC, userLimit := os.Getenv("GOGC") != "", os.Getenv("GOMEMLIMIT") != ""
	checkpoints.Store(!userGOGC && !userLimit)
	switch {
	case userGOGC:
		// The user's target stands, with the user's limit if any.
	case userLimit:
		debug.SetGCPercent(-1)
	default:
		if avail := memoryAvailable(); avail > 0 {
			debug.SetMemoryLimit(avail / 4 * 3)
			debug.SetGCPercent(-1)
		} else {
			debug.SetGCPercent(fallbackGCPercent)
		}
	}
}

// Checkpoints reports whether Checkpoint collects in this process: under
// Batch, unless GOGC or GOMEMLIMIT replaced its collector settings.
func Checkpoints() bool { return checkpoints.Load() }
