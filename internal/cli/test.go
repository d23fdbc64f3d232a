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

Exit codes: 0 all passed, 1 a fixture failed, 2 usage or unreadable fixture.`,
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
	return cmd
}

func (o *testOptions) complete(args []string) {
	o.dirs = args
	if len(o.dirs) == 0 {
		o.dirs = []string{"fixtures"}
	}
}

func (o *testOptions) run(ctx context.Context, out io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	fixtures, derr := expect.Discover(o.dirs...)
	if derr != nil && len(fixtures) == 0 {
		return usageError(derr)
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{PolicyDirs: o.policies, Disable: o.disable})
	if err != nil {
		return usageError(err)
	}
	var results []expect.Result
	passed, failed := 0, 0
	for _, f := range fixtures {
		res := expect.Result{Fixture: f}
		e, err := expect.Read(f.Expect)
		if err == nil {
			var b *bundle.Bundle
			b, err = loadForAnalysis(f.Bundle, bundle.LoadOptions{})
			if err == nil {
				r, aerr := analyzer.Analyze(ctx, b, eng)
				err = aerr
				if err == nil {
					res.Mismatches = expect.Check(e, r)
				}
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
	if derr != nil {
		failed++
		fmt.Fprintf(out, "FAIL discovery\n%s\n", indent(derr.Error()))
	}
	if o.junit != "" {
		fh, err := os.Create(o.junit)
		if err != nil {
			return usageError(err)
		}
		werr := expect.WriteJUnit(fh, results)
		if cerr := fh.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return usageError(werr)
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
