// Package cli holds rift's cobra commands. Commands stay thin: they map flags
// into a library config (Complete), check it (Validate) and call the library
// (Run). Exit codes are documented in docs/cli.md.
package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// Exit codes shared by every command.
const (
	ExitOK       = 0
	ExitFindings = 1 // a degraded verdict, a failed check, a leak found
	ExitUsage    = 2 // bad flags or unreadable input
	ExitUnknown  = 3 // rift verify: something could not be decided
)

// ExitError carries a process exit code through cobra.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// usageError wraps err as an input or usage error (exit 2).
func usageError(err error) error { return &ExitError{Code: ExitUsage, Err: err} }

// Version is set at build time with -ldflags.
var Version = "dev"

// NewRootCommand builds the rift command tree.
func NewRootCommand(out, errOut io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "rift",
		Short: "Find where GitOps intent and running reality part ways, offline",
		Long: `rift reads a recorded cluster bundle and rebuilds the state layers
(desired → rendered → gitops → applied → controller → runtime → dependencies →
external), the rollout stages, a chronology from the earliest failure and a
ranked hypothesis ledger. It never talks to a cluster while analysing.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       Version,
	}
	root.SetOut(out)
	root.SetErr(errOut)
	root.SetFlagErrorFunc(flagError)
	setHelp(root)
	for _, add := range subcommands {
		root.AddCommand(add())
	}
	return root
}

// subcommands is filled by each command's file (register in an init func),
// so adding a command touches only its own file.
var subcommands []func() *cobra.Command

func register(f func() *cobra.Command) { subcommands = append(subcommands, f) }

// Execute runs the root command and returns the process exit code.
func Execute(args []string, out, errOut io.Writer) int {
	root := NewRootCommand(out, errOut)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return ExitOK
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Err != nil {
			fmt.Fprintln(errOut, "rift:", ee.Err)
		}
		return ee.Code
	}
	fmt.Fprintln(errOut, "rift:", err)
	return ExitUsage
}
