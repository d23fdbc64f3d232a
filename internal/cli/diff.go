package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/compare"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

func init() { register(newDiffCommand) }

// diffOptions maps rift diff's flags into two loads and a format.
type diffOptions struct {
	output *formatFlag
	load   loadFlags

	before, after string
	opts          bundle.LoadOptions
}

func newDiffCommand() *cobra.Command {
	o := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff BEFORE AFTER",
		Short: "Show what changed between two bundles of the same system",
		Long: `diff analyses two bundles (for example before and after a repair) and shows,
per workload and layer: revisions and generations that moved, stage status
changes, pods replaced (old and new names, revision hashes), pods added and
removed, restart counts, divergences resolved and new; then the hypotheses
resolved, persisting and new, and the objects that appeared, disappeared or
were recreated. Events are left out of the object lists.

Exit status, as kubectl diff's: 0 when the bundles do not differ, 1 when they
do, 2 for bad flags or unreadable input. A warning goes to standard error when
the bundles name different clusters, contexts or API servers, or when AFTER
was captured before BEFORE.`,
		Example: `  # What did deleting kafka-0 change?
  rift diff before.tar.gz after.tar.gz

  # For the postmortem
  rift diff before.tar.gz after.tar.gz -o markdown > diff.md

  # In a script: did the repair change anything?
  if rift diff before.tar.gz after.tar.gz -o json > diff.json; then echo unchanged; fi`,
		Args: exactArgs(2, "diff takes BEFORE and AFTER bundle arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML, FormatMarkdown)
	addLoadFlags(f, &o.load)
	return exitCodes(cmd, ExitOK, ExitFindings, ExitUsage)
}

// Complete takes the two bundle paths and the load limits.
func (o *diffOptions) Complete(args []string) error {
	o.before, o.after = args[0], args[1]
	opts, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.opts = opts
	return nil
}

// Validate has nothing left to check: -o was checked while parsing.
func (o *diffOptions) Validate() error { return nil }

// Run loads and analyses both bundles, warns when they may not be the
// before and after of one system, writes the diff and exits 1 when the
// bundles differ.
func (o *diffOptions) Run(ctx context.Context, out, errOut io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		return usageError(err)
	}
	var sides [2]compare.Side
	for i, path := range []string{o.before, o.after} {
		b, err := loadForAnalysis(path, o.opts)
		if err != nil {
			return usageError(err)
		}
		r, err := analyzer.Analyze(ctx, b, eng)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		sides[i] = compare.Side{Bundle: b, Report: r}
	}
	d, err := compare.Compare(sides[0], sides[1])
	if err != nil {
		return err
	}
	for _, w := range compare.Warnings(sides[0], sides[1]) {
		fmt.Fprintln(errOut, "rift: warning:", w)
	}
	switch o.output.value {
	case FormatJSON:
		err = d.WriteJSON(out)
	case FormatYAML:
		err = writeData(out, FormatYAML, d)
	case FormatMarkdown:
		err = d.WriteMarkdown(out)
	default:
		err = d.WriteText(out)
	}
	if err == nil && d.Changed() {
		return &ExitError{Code: ExitFindings}
	}
	return err
}
