package cli

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer/hypothesis"
)

func init() { register(newPolicyCommand) }

// policyOptions maps the flags of rift policy list|doc into engine options.
type policyOptions struct {
	dirs   []string
	output *formatFlag
	// health lists the health rules (rift policy list --health).
	health bool
}

func newPolicyCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "List, test and document the Rego rules rift judges bundles with",
		Long: `The rules that turn a bundle into hypotheses are Rego policies: built-in
ones shipped in the binary and user ones added with --policy DIR. See
docs/rules.md for the input contract, the output contract and how to write a
rule.`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newPolicyListCommand(), newPolicyTestCommand(), newPolicyDocCommand())
	return cmd
}

func newPolicyListCommand() *cobra.Command {
	o := &policyOptions{}
	cmd := &cobra.Command{
		Use:   "list [--policy DIR]... [-o FORMAT]",
		Short: "List the loaded rules with their metadata",
		Example: `  rift policy list
  rift policy list --policy docs/examples/user-policy -o json
  rift policy list --health --policy ./health-rules`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.health {
				return printHealthRules(cmd.OutOrStdout(), o.dirs, o.output.value)
			}
			rules, err := o.rules()
			if err != nil {
				return err
			}
			return printRules(cmd.OutOrStdout(), rules, o.output.value)
		},
	}
	cmd.Flags().StringArrayVar(&o.dirs, "policy", nil, "directory of user Rego policies to load too (repeatable)")
	cmd.Flags().BoolVar(&o.health, "health", false, "list the health rules instead: each group/kind with the rule that judges it (a user rule replaces a built-in one) and the rules it overrides")
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	return exitCodes(cmd, ExitOK, ExitUsage)
}

func newPolicyDocCommand() *cobra.Command {
	o := &policyOptions{}
	cmd := &cobra.Command{
		Use:   "doc [--policy DIR]...",
		Short: "Print Markdown documentation generated from rule metadata",
		Example: `  rift policy doc > rules.md
  rift policy doc --policy ./my-rules -o markdown`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rules, err := o.rules()
			if err != nil {
				return err
			}
			_, err = io.WriteString(cmd.OutOrStdout(), hypothesis.RulesMarkdown(rules))
			return err
		},
	}
	cmd.Flags().StringArrayVar(&o.dirs, "policy", nil, "directory of user Rego policies to load too (repeatable)")
	o.output = addOutputFlag(cmd, FormatMarkdown)
	return exitCodes(cmd, ExitOK, ExitUsage)
}

func newPolicyTestCommand() *cobra.Command {
	var (
		verbose bool
		output  *formatFlag
	)
	cmd := &cobra.Command{
		Use:   "test [DIR...]",
		Short: "Run the Rego unit tests of the built-in policies and of DIRs, with coverage",
		Long: `test runs every test_ rule in the built-in _test.rego files and in the
user policy directories given as arguments, through OPA's tester (Rego v1,
strict), and reports coverage of the built-in rule lines. The last line is
"N passed, N failed". -o json and -o yaml print every result, the coverage
and the uncovered lines instead.

Exit status: 0 when every test passes, 1 when one fails, 2 for bad flags or
a policy directory that does not compile.`,
		Example: `  rift policy test
  rift policy test docs/examples/user-policy`,
		RunE: func(cmd *cobra.Command, dirs []string) error {
			rep, err := hypothesis.RunPolicyTests(cmd.Context(), dirs)
			if err != nil {
				return usageError(err)
			}
			if output.value != FormatText {
				if err := writeData(cmd.OutOrStdout(), output.value, rep); err != nil {
					return err
				}
				if rep.Failed > 0 {
					return &ExitError{Code: ExitFindings}
				}
				return nil
			}
			return printTests(cmd.OutOrStdout(), rep, len(dirs) > 0, verbose)
		},
	}
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "print every test, not only failures, and the uncovered lines")
	output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	return exitCodes(cmd, ExitOK, ExitFindings, ExitUsage)
}

func (o *policyOptions) rules() ([]hypothesis.Rule, error) {
	e, err := hypothesis.NewEngine(hypothesis.EngineOptions{PolicyDirs: o.dirs})
	if err != nil {
		return nil, usageError(err)
	}
	return e.Rules(), nil
}

func printRules(w io.Writer, rules []hypothesis.Rule, output Format) error {
	if output != FormatText {
		return writeData(w, output, rules)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCAUSE\tLAYER\tSTAGE\tWEIGHT\tORIGIN\tTITLE")
	for _, r := range rules {
		origin := "user"
		if r.Builtin {
			origin = "built-in"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s\n", r.ID, r.Cause, r.Layer, r.Stage, r.Weight, origin, r.Title)
	}
	return tw.Flush()
}

func printTests(w io.Writer, rep *hypothesis.TestReport, user, verbose bool) error {
	for _, r := range rep.Results {
		switch {
		case !r.Pass:
			fmt.Fprintf(w, "FAIL %s (%s:%d): %s\n", r.Name, r.File, r.Line, r.Error)
		case verbose:
			fmt.Fprintf(w, "PASS %s\n", r.Name)
		}
	}
	if verbose {
		for _, n := range rep.NotCovered {
			fmt.Fprintf(w, "not covered: %s\n", n)
		}
	}
	fmt.Fprintf(w, "coverage: %.1f%% of built-in rule lines\n", rep.BuiltinCoverage)
	fmt.Fprintf(w, "coverage: %.1f%% of built-in health rule lines (and Argo CD's 975 health cases: go test ./analyzer/healthcheck)\n", rep.HealthCoverage)
	if user {
		fmt.Fprintf(w, "coverage: %.1f%% of user rule lines\n", rep.UserCoverage)
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", rep.Passed, rep.Failed)
	if rep.Failed > 0 {
		return &ExitError{Code: ExitFindings}
	}
	return nil
}
