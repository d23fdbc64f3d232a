package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

// boolSuffix is what pflag (since 1.1) prints after every bool flag in
// help. A bool flag is a switch: help shows it as --details, as kubectl
// does.
const boolSuffix = "[=true|false]"

func init() {
	cobra.AddTemplateFunc("switchFlags", func(s string) string {
		// Spaces keep the usage column aligned.
		return strings.ReplaceAll(s, boolSuffix, strings.Repeat(" ", len(boolSuffix)))
	})
}

// setHelp makes cmd's help print bool flags as switches (--details).
func setHelp(cmd *cobra.Command) {
	cmd.SetUsageTemplate(strings.ReplaceAll(cmd.UsageTemplate(), "FlagUsages | trimTrailingWhitespaces", "FlagUsages | switchFlags | trimTrailingWhitespaces"))
}
