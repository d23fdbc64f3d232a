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
	format string
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

Exit status: 0 when both bundles were analysed, 2 for bad flags or unreadable
input.`,
		Example: `  # What did deleting kafka-0 change?
  rift diff before.tar.gz after.tar.gz

  # For the postmortem
  rift diff before.tar.gz after.tar.gz -o markdown > diff.md`,
		Args: exactArgs(2, "diff takes BEFORE and AFTER bundle arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(cmd.Context(), cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.format, "output", "o", "text", "output format: text, json or markdown")
	addLoadFlags(f, &o.load)
	return cmd
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

// Validate refuses an unknown -o value.
func (o *diffOptions) Validate() error { return checkOutput(o.format, "text", "json", "markdown") }

// Run loads and analyses both bundles and writes the diff.
func (o *diffOptions) Run(ctx context.Context, out io.Writer) error {
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
		r, err := analyzer.AnalyzeWith(ctx, b, eng, analysisOptions())
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		sides[i] = compare.Side{Bundle: b, Report: r}
	}
	d, err := compare.Compare(sides[0], sides[1])
	if err != nil {
		return err
	}
	switch o.format {
	case "json":
		return d.WriteJSON(out)
	case "markdown":
		return d.WriteMarkdown(out)
	}
	return d.WriteText(out)
}
