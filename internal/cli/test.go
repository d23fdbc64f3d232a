package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/expect"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

func init() { register(newTestCommand) }

// testOptions maps `rift test` flags into what the expect package needs.
type testOptions struct {
	dirs     []string
	junit    string
	policies []string
	disable  []string
	output   *formatFlag
}

func newTestCommand() *cobra.Command {
	o := &testOptions{}
	cmd := &cobra.Command{
		Use:         "test [DIR...]",
		Annotations: streaming(), // one analysis after another: each is garbage when the next starts
		Short:       "Check recorded incidents against their expect.yaml",
		Long: `Finds every fixture (a directory with expect.yaml and a bundle) under the
given directories (default: fixtures/), analyzes each bundle and checks the
expectations. Prints PASS or FAIL with a (-want +got) diff per unmet
expectation and ends with the line "N passed, N failed".

Every expect.yaml is read before any bundle is analysed, and the --junit file
is opened first too, so a typo fails fast.

Exit status: 0 when every fixture passed, 1 when one failed, 2 for bad flags,
a DIR with no fixture, an expect.yaml that cannot be read or has an unknown
key (the message names the file, the line and the key), a fixture without a
bundle, or a --junit file that cannot be written.`,
		Example: `  rift test fixtures/
  rift test --policy ./my-rules --junit out/junit.xml my-incidents/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.complete(args)
			return o.run(cmd.Context(), cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&o.junit, "junit", "", "write JUnit XML to this file")
	cmd.Flags().StringArrayVar(&o.policies, "policy", nil, "add a directory of Rego rules (repeatable)")
	cmd.Flags().StringArrayVar(&o.disable, "disable", nil, "turn off a rule by id (repeatable)")
	o.output = addOutputFlag(cmd, FormatText)
	return exitCodes(cmd, ExitOK, ExitFindings, ExitUsage)
}

func (o *testOptions) complete(args []string) {
	o.dirs = args
	if len(o.dirs) == 0 {
		o.dirs = []string{"fixtures"}
	}
}

// prepare finds the fixtures and reads their expectations: no fixture, a
// fixture without a bundle and an expect.yaml that cannot be read are
// input errors (exit 2), found before anything is analysed.
func (o *testOptions) prepare() ([]expect.Fixture, []*expect.Expectation, error) {
	fixtures, err := expect.Discover(o.dirs...)
	if err != nil {
		return nil, nil, usageError(err)
	}
	if len(fixtures) == 0 {
		return nil, nil, usageError(fmt.Errorf("%s: no fixture found (a directory holding expect.yaml and a bundle)", strings.Join(o.dirs, ", ")))
	}
	exps := make([]*expect.Expectation, len(fixtures))
	for i, f := range fixtures {
		if exps[i], err = expect.Read(f.Expect); err != nil {
			return nil, nil, usageError(err)
		}
	}
	return fixtures, exps, nil
}

func (o *testOptions) run(ctx context.Context, out io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	fixtures, exps, err := o.prepare()
	if err != nil {
		return err
	}
	var junit *os.File
	if o.junit != "" {
		if junit, err = os.Create(o.junit); err != nil {
			return usageError(fmt.Errorf("--junit: %w", err))
		}
		defer junit.Close()
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{PolicyDirs: o.policies, Disable: o.disable})
	if err != nil {
		return usageError(err)
	}
	var results []expect.Result
	passed, failed := 0, 0
	for i, f := range fixtures {
		res := expect.Result{Fixture: f}
		b, err := loadForAnalysis(f.Bundle, bundle.LoadOptions{})
		if err == nil {
			r, aerr := analyzer.Analyze(ctx, b, eng)
			err = aerr
			if err == nil {
				res.Mismatches = expect.Check(exps[i], r)
			}
		}
		res.Err = err
		results = append(results, res)
		if res.Passed() {
			passed++
			fmt.Fprintf(out, "PASS %s\n", f.Name)
			continue
		}
		failed++
		fmt.Fprintf(out, "FAIL %s\n%s\n", f.Name, indent(res.Message()))
	}
	if junit != nil {
		werr := expect.WriteJUnit(junit, results)
		if cerr := junit.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return usageError(fmt.Errorf("--junit: %w", werr))
		}
	}
	fmt.Fprintf(out, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return &ExitError{Code: ExitFindings, Err: errors.New("recorded incidents failed their expectations")}
	}
	return nil
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}
