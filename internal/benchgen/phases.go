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
}

// MeasurePhases runs the analysis pipeline on the bundle at path one phase
// at a time — read (read and decompress every archive member, decoding
// nothing), load (read, decompress and decode again, as the loader streams
// them together: decode costs load minus read), index, layers, timeline,
// rules (evaluation and ranking), render (report assembly and JSON) — and
// returns each phase's cost. The rendered report is written to out. It
// measures elapsed time, so it belongs in benchmarks and never in tests.
//
// Report assembly here leaves out the verification and residual-risk
// sections, which analyzer.Analyze computes in unexported code; they are
// small next to the other phases.
func MeasurePhases(ctx context.Context, path string, eng *hypothesis.Engine, out io.Writer) ([]Phase, error) {
	var ps []Phase
	measure := func(name string, f func() error) error {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		c0, t0 := cpuTime(), time.Now()
		err := f()
		wall := time.Since(t0)
		c1 := cpuTime()
		runtime.ReadMemStats(&m1)
		ps = append(ps, Phase{Name: name, Wall: wall.Seconds(), CPU: (c1 - c0).Seconds(),
			Allocs: m1.Mallocs - m0.Mallocs, Bytes: m1.TotalAlloc - m0.TotalAlloc})
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
		{"load", func() (err error) { b, err = bundle.Load(path, bundle.LoadOptions{}); return err }},
		{"index", func() error { b.Index = bundle.NewIndex(b.Objects, b.Logs); return nil }},
		{"layers", func() error { ws = layers.Build(b); return nil }},
		{"timeline", func() error { tl = timeline.Build(b, ws); return nil }},
		{"rules", func() (err error) {
			ledger, err = eng.Evaluate(ctx, hypothesis.Input{Bundle: b, Workloads: ws, Timeline: tl})
			return err
		}},
		{"render", func() error {
			r := &report.Report{APIVersion: report.APIVersion, Kind: report.Kind, Summary: ledger.Summary,
				Workloads: ws, Timeline: tl.Entries, EarliestFailure: tl.Earliest, EarliestPerWorkload: tl.PerWorkload,
				Hypotheses: ledger.Hypotheses}
			return report.Render(out, r.Normalized(), report.RenderOptions{Format: report.FormatJSON})
		}},
	}
	for _, s := range steps {
		if err := measure(s.name, s.f); err != nil {
			return ps, fmt.Errorf("%s: phase %s: %w", path, s.name, err)
		}
	}
	return ps, nil
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
