package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

// exactArgs refuses any other number of positional arguments than n as a
// usage error (exit 2); what says what the command takes, e.g. "inspect
// takes exactly one BUNDLE argument".
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != n {
			return usageError(fmt.Errorf("%s, got %d", what, len(args)))
		}
		return nil
	}
}
