package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
)

func init() { register(newAnalyzeCommand) }

// analyzeOptions maps rift analyze's flags into a load, an engine and
// render options.
type analyzeOptions struct {
	output    *formatFlag
	file      string
	details   bool
	full      bool
	workload  string
	namespace string
	width     int
	policies  []string
	disable   []string
	load      loadFlags

	path   string
	opts   bundle.LoadOptions
	render report.RenderOptions
}

func newAnalyzeCommand() *cobra.Command {
	o := &analyzeOptions{}
	cmd := &cobra.Command{
		Use:   "analyze BUNDLE",
		Short: "Rebuild the state layers, chronology and hypothesis ledger of a bundle",
		Long: `analyze reads a bundle offline and reports, in this order: the lead
(impact, earliest supported cause, whether a mutation is needed), scope and
identity, state reconciliation per affected workload (layers, rollout stages,
divergences), the chronology from the earliest failure, the hypothesis ledger,
the repair contract of the top hypothesis, verification checks layer by layer
and residual risks. Formats: text (for a terminal; colour only on a TTY and
without NO_COLOR), json (docs/report.schema.json), markdown (for postmortems)
and html (one self-contained file). See docs/report.md.

Exit status: 0 when the verdict is healthy (or unknown), 1 when it is
degraded, so CI can gate on it, and 2 for bad flags, unreadable input (a
file or directory with no Kubernetes objects, a folder of several bundles), a
truncated or corrupt archive, a --workload the bundle does not hold, or a bad
policy directory. --partial analyses
what precedes the damage of an archive instead; a bundle that lost data
(a cut archive, files missing from or altered against its bundle.yaml
manifest, no pods where its layout keeps them) is never healthy: its
verdict is unknown at best.`,
		Example: `  # Read the report in the terminal
  rift analyze incident.tar.gz

  # Focus on one workload, with every piece of evidence
  rift analyze incident.tar.gz --workload sts/kafka -n kafka --details

  # A page to share, and JSON for a pipeline
  rift analyze incident.tar.gz -o html --output-file incident.html
  rift analyze incident.tar.gz -o json | jq .summary

  # Everything, unbounded, for a machine
  rift analyze incident.tar.gz -o json --full > report.json

  # Add your own rules and switch one off
  rift analyze incident.tar.gz --policy ./policies --disable probe-timeout

  # What is left of an upload cut short (the verdict is unknown at best)
  rift analyze incident.tar.gz --partial`,
		Args: exactArgs(1, "analyze takes exactly one BUNDLE argument"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args, cmd.OutOrStdout()); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(cmd.Context(), cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatMarkdown, FormatHTML)
	addOutputFileFlag(cmd, &o.file, "write the report to this FILE instead of standard output")
	f.BoolVar(&o.details, "details", false, "expand every piece of evidence and the whole chronology (text and markdown)")
	f.BoolVar(&o.full, "full", false, "keep everything: no list bounded, every group member's own evidence (for machines, with -o json)")
	f.StringVar(&o.workload, "workload", "", "focus the report on one workload: "+objectNameHelp)
	addNamespaceFlag(cmd, &o.namespace)
	f.IntVar(&o.width, "width", 0, "text width in columns (default: the terminal's, or $COLUMNS, or 80)")
	f.StringArrayVar(&o.policies, "policy", nil, "directory of user Rego policies to load too (repeatable)")
	f.StringArrayVar(&o.disable, "disable", nil, "rule id not to evaluate (repeatable)")
	addLoadFlags(f, &o.load)
	return exitCodes(cmd, ExitOK, ExitFindings, ExitUsage)
}

// Complete maps the argument and flags into load and render options.
// Colour is on only when the report goes to a terminal and NO_COLOR is
// unset or empty (https://no-color.org).
func (o *analyzeOptions) Complete(args []string, out io.Writer) error {
	o.path = args[0]
	opts, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.opts = opts
	o.render = report.RenderOptions{Format: report.Format(o.output.value), Details: o.details, Full: o.full, Width: o.width}
	tty := o.file == "" && isTerminal(out) // isTerminal is collect.go's

	if o.render.Width == 0 {
		o.render.Width = reportWidth(out, tty)
	}
	o.render.Color = tty && os.Getenv("NO_COLOR") == ""
	return nil
}

// Validate refuses a malformed --workload, a negative width, and a format
// name given to --output-file, which takes a file (-o takes the format).
func (o *analyzeOptions) Validate() error {
	if _, err := parseFormat(o.file, allFormats); err == nil {
		return usageError(fmt.Errorf("--output-file %s: --output-file takes a FILE; choose the format with -o %s", o.file, o.file))
	}
	if o.workload != "" {
		if err := checkObjectNames("--workload", []string{o.workload}, o.namespace); err != nil {
			return err
		}
	}
	if o.width < 0 {
		return usageError(fmt.Errorf("--width %d: must not be negative", o.width))
	}
	return nil
}

// Run loads the bundle, analyses it, renders the report and maps the
// verdict to the exit code: degraded exits 1.
func (o *analyzeOptions) Run(ctx context.Context, out io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	// Compiling the policies (about 0.1 s) and loading the bundle are
	// independent; the load error, if any, is reported first.
	var (
		eng    *hypothesis.Engine
		engErr error
		wg     sync.WaitGroup
	)
	wg.Go(func() {
		eng, engErr = hypothesis.NewEngine(hypothesis.EngineOptions{PolicyDirs: o.policies, Disable: o.disable})
	})
	b, err := loadForAnalysis(o.path, o.opts)
	wg.Wait()
	if err != nil {
		return usageError(err)
	}
	if engErr != nil {
		return usageError(engErr)
	}
	if o.workload != "" {
		refs, err := resolveObjects(b, "--workload", []string{o.workload}, o.namespace)
		if err != nil {
			return err
		}
		o.render.Workload = &refs[0]
	}
	r, err := analyzer.Analyze(ctx, b, eng)
	if err != nil {
		return fmt.Errorf("%s: %w", o.path, err)
	}
	if err := writeReport(out, o.file, r, o.render); err != nil {
		return err
	}
	if r.Summary.Verdict == "degraded" {
		return &ExitError{Code: ExitFindings}
	}
	return nil
}
