package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/rift-dev/rift/analyzer/layers"
)

// printHealthRules lists every group/kind a health rule claims, with the
// rule that won it (Go, built-in Rego or the user's) and the rules it
// overrides.
func printHealthRules(w io.Writer, dirs []string, output Format) error {
	reg, err := layers.LoadHealth(dirs)
	if err != nil {
		return usageError(err)
	}
	bs := reg.Bindings()
	if output != FormatText {
		return writeData(w, output, bs)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "GROUP/KIND\tRULE\tORIGIN\tOVERRIDES\tFILE")
	for _, b := range bs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", b.Kind, b.Rule, b.Origin, orDash(strings.Join(b.Overridden, ", ")), orDash(b.File))
	}
	fmt.Fprintln(tw, "*\tkstatus\tgo\t-\t(the fallback for every other kind)")
	return tw.Flush()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
