package cli

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// exitCodesAnnotation is the command annotation that lists the exit codes
// a command can return, comma-separated; docs/cli.md's table is checked
// against it (contract_test.go), as it is against formatsAnnotation.
const exitCodesAnnotation = "rift.dev/exit-codes"

// exitCodes records the exit codes cmd can return (ExitOK and ExitUsage
// included: every command can succeed and every command can be misused).
func exitCodes(cmd *cobra.Command, codes ...int) *cobra.Command {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	s := make([]string, len(codes))
	for i, c := range codes {
		s[i] = strconv.Itoa(c)
	}
	cmd.Annotations[exitCodesAnnotation] = strings.Join(s, ",")
	return cmd
}
