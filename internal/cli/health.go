package cli

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer/healthcheck"
)

func init() { register(newHealthCommand) }

// healthOptions maps rift health's flags and arguments into a
// healthcheck.Config.
type healthOptions struct {
	output *formatFlag
	load   loadFlags
	dirs   []string

	cfg healthcheck.Config
}

func newHealthCommand() *cobra.Command {
	o := &healthOptions{}
	cmd := &cobra.Command{
		Use:   "health [--policy DIR]... PATH... [-o FORMAT]",
		Short: "Judge the health of every object in bundles, directories or manifest files",
		Long: `health judges each object the way rift analyze's layers do: by the health
rule that wins its API group and kind (built-in Go or Rego, or yours with
--policy DIR), else by the kstatus conventions (observedGeneration,
Ready/Available/Reconciling/Stalled conditions). PATH is a bundle (directory
or archive), a directory of manifests, or a YAML/JSON file holding objects
(single objects, Lists, several YAML documents). Objects of several PATHs
are judged together, so a Deployment's pods may come from another file.

It prints every object that has a judgement: converged, progressing,
blocked, failed, suspended or unknown, with the reason and the rule. See
docs/health.md for writing a rule.

Exit status: 0 when every object is converged or suspended, 1 otherwise,
2 for bad flags, a PATH that cannot be read, policies that do not load, or
input with errors (the objects read beside them are still printed).`,
		Example: `  # One manifest, or a whole bundle
  rift health rollout.yaml
  rift health incident.tar.gz -o json

  # With your own rules
  rift health --policy ./health-rules manifests/`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError(fmt.Errorf("health takes at least one PATH"))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			return o.Run(cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	cmd.Flags().StringArrayVar(&o.dirs, "policy", nil, "directory of user Rego policies (health rules under package rift.health.*) to load too (repeatable)")
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	addLoadFlags(cmd.Flags(), &o.load)
	return exitCodes(cmd, ExitOK, ExitFindings, ExitUsage)
}

// Complete maps arguments and flags into the library's config.
func (o *healthOptions) Complete(args []string) error {
	opts, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.cfg = healthcheck.Config{Paths: args, PolicyDirs: o.dirs, Load: opts}
	return nil
}

// Run judges and prints; input errors go to errOut and make the exit 2.
func (o *healthOptions) Run(out, errOut io.Writer) error {
	rep, err := healthcheck.Run(o.cfg)
	if err != nil {
		return usageError(err)
	}
	if o.output.value == FormatText {
		err = printHealth(out, rep)
	} else {
		err = writeData(out, o.output.value, rep)
	}
	if err != nil {
		return err
	}
	for _, e := range rep.Errors {
		fmt.Fprintf(errOut, "rift: %s (document %d): %s\n", e.File, e.Doc, e.Reason)
	}
	switch {
	case len(rep.Errors) > 0:
		return &ExitError{Code: ExitUsage}
	case !rep.Healthy():
		return &ExitError{Code: ExitFindings}
	}
	return nil
}

func printHealth(w io.Writer, rep *healthcheck.Report) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "OBJECT\tSTATUS\tRULE\tREASON")
	for _, it := range rep.Items {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", it.Ref.String(), it.Status, it.Rule, it.Reason)
	}
	return tw.Flush()
}
