package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/internal/benchgen"
)

func init() { register(newDevCommand) }

// newDevCommand is the hidden "rift dev" group: tools for rift's own
// developers (benchmarks, profiles), not for users.
func newDevCommand() *cobra.Command {
	cmd := &cobra.Command{Use: "dev", Short: "Developer tools (benchmarks, profiles)", Hidden: true}
	cmd.AddCommand(newGenBundleCommand(), newPhasesCommand())
	return cmd
}

// genBundleOptions maps rift dev gen-bundle's flags into a benchgen.Config.
type genBundleOptions struct {
	cfg    benchgen.Config
	out    string
	format string
}

func newGenBundleCommand() *cobra.Command {
	o := &genBundleOptions{}
	cmd := &cobra.Command{
		Use:   "gen-bundle --objects N --out FILE [--seed S] [--format rift|troubleshoot|must-gather] [--custom-resources N]",
		Short: "Write a deterministic synthetic .tar.gz bundle for benchmarks, in rift's format or a collector's",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run()
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.cfg.Objects, "objects", 1000, "number of Kubernetes objects")
	f.Uint64Var(&o.cfg.Seed, "seed", 1, "generator seed (same seed and size, same bytes)")
	f.StringVar(&o.out, "out", "", "the .tar.gz file to write")
	f.StringVar(&o.format, "format", "rift", "layout: rift, troubleshoot (a support bundle) or must-gather")
	f.IntVar(&o.cfg.CustomResources, "custom-resources", 0, "how many of the objects are custom resources a GitOps reconciler applies (cert-manager, Argo Rollouts, Strimzi, Crossplane, KEDA, CloudNativePG, Prometheus operator; about 3% failing), taken from the Events")
	return cmd
}

// Validate refuses a missing --out, an unknown --format and a size below
// one object.
func (o *genBundleOptions) Validate() error {
	f, err := benchgen.ParseFormat(o.format)
	if err != nil {
		return usageError(fmt.Errorf("--format: %w", err))
	}
	o.cfg.Format = f
	if o.out == "" {
		return usageError(fmt.Errorf("--out is required"))
	}
	if o.cfg.Objects < 1 {
		return usageError(fmt.Errorf("--objects %d: must be at least 1", o.cfg.Objects))
	}
	if ev := benchgen.CountsFor(f, o.cfg.Objects)["Event"]; o.cfg.CustomResources < 0 || o.cfg.CustomResources > ev {
		return usageError(fmt.Errorf("--custom-resources %d: must be 0 to %d (the Events' share of %d objects)", o.cfg.CustomResources, ev, o.cfg.Objects))
	}
	return nil
}

// Run generates the whole archive in memory first, so a failure leaves no
// partial file.
func (o *genBundleOptions) Run() error {
	var buf bytes.Buffer
	if err := benchgen.Write(&buf, o.cfg); err != nil {
		return err
	}
	if err := os.WriteFile(o.out, buf.Bytes(), 0o644); err != nil {
		return usageError(fmt.Errorf("--out: %w", err))
	}
	return nil
}

// phasesOptions maps rift dev phases's flags.
type phasesOptions struct {
	// output is the -o format; only json.
	output *formatFlag
	// cpuProfile and memProfile are files for a CPU profile of the whole
	// run and an allocation profile written at its end ("" for none).
	cpuProfile, memProfile string
	// report is where the rendered JSON report goes.
	report string
	// live collects garbage after each phase and reports the live heap.
	live bool
	// heapAfter is a phase after which the live heap's profile goes to
	// heapProfile ("" for none).
	heapAfter, heapProfile string
}

func newPhasesCommand() *cobra.Command {
	o := &phasesOptions{}
	cmd := &cobra.Command{
		Use:   "phases BUNDLE",
		Short: "Time each analysis phase (wall, CPU, allocations) on one bundle",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.Run(cmd.Context(), args[0], cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	o.output = addOutputFlag(cmd, FormatJSON)
	f.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run to FILE (go tool pprof)")
	f.StringVar(&o.memProfile, "memprofile", "", "write an allocation profile of the whole run to FILE (go tool pprof -sample_index=alloc_space)")
	f.StringVar(&o.report, "report", os.DevNull, "write the rendered JSON report to FILE")
	f.BoolVar(&o.live, "live", false, "collect garbage after each phase and report the live heap (liveBytes)")
	f.StringVar(&o.heapAfter, "heap-after", "", "write the live heap's profile after PHASE (e.g. layers, rules.input) to --heap-profile")
	f.StringVar(&o.heapProfile, "heap-profile", "heap.pprof", "where --heap-after writes its profile (go tool pprof -sample_index=inuse_space)")
	return cmd
}

// Run measures the phases and prints them as JSON.
func (o *phasesOptions) Run(ctx context.Context, path string, out io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	rep, err := os.Create(o.report)
	if err != nil {
		return usageError(fmt.Errorf("--report: %w", err))
	}
	defer rep.Close()
	if o.cpuProfile != "" {
		pf, err := os.Create(o.cpuProfile)
		if err != nil {
			return usageError(fmt.Errorf("--cpuprofile: %w", err))
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		return err
	}
	popts := benchgen.PhaseOptions{Live: o.live}
	var (
		heapErr error
		wrote   bool
		names   []string
	)
	if o.heapAfter != "" {
		popts.AfterPhase = func(name string) {
			names = append(names, name)
			if name == o.heapAfter {
				heapErr, wrote = writeProfile(o.heapProfile, "heap"), true
			}
		}
	}
	ps, err := benchgen.MeasurePhases(ctx, path, eng, rep, popts)
	if err != nil {
		return usageError(err)
	}
	if heapErr != nil {
		return heapErr
	}
	if o.heapAfter != "" && !wrote {
		return usageError(fmt.Errorf("--heap-after: no phase %q ran (phases: %s)", o.heapAfter, strings.Join(names, ", ")))
	}
	if o.memProfile != "" {
		if err := writeHeapProfile(o.memProfile); err != nil {
			return err
		}
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(ps)
}

// writeHeapProfile writes the heap profile, whose alloc_space sample counts
// every allocation since the start (after a collection, which is when the
// runtime publishes the latest allocations to the profile).
func writeHeapProfile(path string) error { return writeProfile(path, "allocs") }

// writeProfile collects garbage and writes the runtime profile named kind
// ("allocs" or "heap", the same samples with another default index) to
// path.
func writeProfile(path, kind string) error {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		return usageError(fmt.Errorf("profile: %w", err))
	}
	if err := pprof.Lookup(kind).WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("profile %s: %w", path, err)
	}
	return f.Close()
}
