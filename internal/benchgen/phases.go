package benchgen

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"syscall"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/report"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/memory"
)

// Phase is the cost of one analysis phase.
type Phase struct {
	Name string `json:"name"`
	// Wall and CPU are in seconds; CPU is user+system of the whole process
	// while the phase ran, so it includes garbage collection.
	Wall   float64 `json:"wallSeconds"`
	CPU    float64 `json:"cpuSeconds"`
	Allocs uint64  `json:"allocs"`
	Bytes  uint64  `json:"allocBytes"`
	// Live is the heap still reachable when the phase ended, measured by a
	// forced collection outside the phase's times; 0 unless
	// PhaseOptions.Live asked for it.
	Live uint64 `json:"liveBytes,omitempty"`
	// HeapInuse is the memory of the heap's spans in use when the phase
	// ended (runtime.MemStats.HeapInuse: live objects, garbage not yet
	// collected and the free room of partly used spans), and PeakRSS the
	// process's peak resident set so far (getrusage's maxrss): where a
	// peak-memory target is spent.
	HeapInuse uint64 `json:"heapInuseBytes"`
	PeakRSS   uint64 `json:"peakRSSBytes,omitempty"`
}

// PhaseOptions tunes MeasurePhases.
type PhaseOptions struct {
	// Live forces a garbage collection after each phase and records the
	// live heap (Phase.Live): what the pipeline holds at that point, the
	// number a peak-memory target depends on. The collection runs between
	// phases, so it changes no phase's times, but it does change how much
	// garbage later phases leave behind.
	Live bool
	// AfterPhase, when set, is called after each phase has been measured
	// (and, with Live, after its collection), outside every phase's
	// numbers: a caller writes a heap profile there to see what a phase
	// leaves live.
	AfterPhase func(name string)
}

// MeasurePhases runs the analysis pipeline on the bundle at path one phase
// at a time — read (read and decompress every archive member, decoding
// nothing), load (read, decompress and decode again, sharing common parts
// as the analysing commands load: decode and sharing cost load minus
// read), index, layers, timeline, collect, rules (input conversion, then
// collect.input, evaluation, ranking: rules.input, rules.evaluate,
// rules.rank), render
// (report assembly and JSON) — and
// returns each phase's cost. collect and collect.input are
// analyzer.Analyze's memory checkpoints (memory.Checkpoint), measured only
// where they may collect: under the batch policy. The rendered report is
// written to out. It measures elapsed time, so it belongs in benchmarks
// and never in tests.
//
// Report assembly here leaves out the verification and residual-risk
// sections, which analyzer.Analyze computes in unexported code; they are
// small next to the other phases.
func MeasurePhases(ctx context.Context, path string, eng *hypothesis.Engine, out io.Writer, opts PhaseOptions) ([]Phase, error) {
	var ps []Phase
	var last mark
	// lap closes a phase that began at last, and begins the next one.
	lap := func(name string) {
		now := takeMark()
		p := last.phase(name, now)
		if opts.Live {
			p.Live = liveHeap()
			now = takeMark() // the collection belongs to no phase
		}
		ps = append(ps, p)
		if opts.AfterPhase != nil {
			opts.AfterPhase(name)
			now = takeMark()
		}
		last = now
	}
	measure := func(name string, f func() error) error {
		last = takeMark()
		err := f()
		if name != "" {
			lap(name)
		}
		return err
	}
	var (
		b      *bundle.Bundle
		ws     []layers.Workload
		tl     *timeline.Timeline
		ledger *hypothesis.Ledger
	)
	steps := []struct {
		name string
		f    func() error
	}{
		{"read", func() error { _, err := readArchive(ctx, path); return err }},
		{"load", func() (err error) { b, err = bundle.Load(path, bundle.LoadOptions{Share: true}); return err }},
		{"index", func() error { b.Index = bundle.NewIndex(b.Objects, b.Logs); return nil }},
		{"layers", func() error { ws = layers.Build(b); return nil }},
		{"timeline", func() error { tl = timeline.Build(b, ws); return nil }},
		{"collect", func() error { memory.Checkpoint(); return nil }},
		// The rules phase reports its stages itself: rules.input,
		// rules.evaluate and rules.rank.
		{"", func() (err error) {
			// As in analyzer.Analyze, nothing holds the bundle while
			// the rules run, so the collection after their input frees it.
			in := hypothesis.Input{Bundle: b, Workloads: ws, Timeline: tl}
			b = nil
			ledger, err = eng.EvaluateStages(ctx, in,
				func(stage string) {
					lap("rules." + stage)
					if memory.Checkpoints() && stage == hypothesis.StageInput {
						memory.Checkpoint()
						lap("collect.input")
					}
				})
			return err
		}},
		{"render", func() error {
			r := &report.Report{APIVersion: report.APIVersion, Kind: report.Kind, Summary: ledger.Summary,
				Workloads: ws, Timeline: tl.Entries, EarliestFailure: tl.Earliest, EarliestPerWorkload: tl.PerWorkload,
				Hypotheses: ledger.Hypotheses}
			return report.Render(out, r, report.RenderOptions{Format: report.FormatJSON}) // Render normalizes
		}},
	}
	for _, s := range steps {
		if s.name == "collect" && !memory.Checkpoints() {
			continue
		}
		if err := measure(s.name, s.f); err != nil {
			name := s.name
			if name == "" {
				name = "rules"
			}
			return ps, fmt.Errorf("%s: phase %s: %w", path, name, err)
		}
	}
	return ps, nil
}

// mark is the process's clocks and allocation counters at one instant.
type mark struct {
	wall          time.Time
	cpu           time.Duration
	allocs, bytes uint64
	heapInuse     uint64
	peakRSS       uint64
}

func takeMark() mark {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	cpu, rss := usage()
	return mark{wall: time.Now(), cpu: cpu, allocs: m.Mallocs, bytes: m.TotalAlloc, heapInuse: m.HeapInuse, peakRSS: rss}
}

func (m mark) phase(name string, end mark) Phase {
	return Phase{Name: name, Wall: end.wall.Sub(m.wall).Seconds(), CPU: (end.cpu - m.cpu).Seconds(),
		Allocs: end.allocs - m.allocs, Bytes: end.bytes - m.bytes, HeapInuse: end.heapInuse, PeakRSS: end.peakRSS}
}

// liveHeap collects garbage and returns the bytes of heap objects left.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// usage is the process's CPU time (user+system) and peak resident set
// so far, or zeros where getrusage fails.
func usage() (cpu time.Duration, peakRSS uint64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), uint64(ru.Maxrss) << 10 // Maxrss is KiB on Linux
}
