package cli

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func init() { register(newVersionCommand) }

// Commit is the Git commit rift was built from, set at build time with
// -ldflags; when unset, the VCS stamp `go build` records is used.
var Commit = ""

// versionInfo is what rift version prints.
type versionInfo struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	GoVersion string `json:"goVersion"`
	Platform  string `json:"platform"`
}

// buildVersion reads the version, commit and Go version of this binary.
// A commit neither -ldflags nor the VCS stamp recorded is "unknown".
func buildVersion() versionInfo {
	v := versionInfo{Version: Version, Commit: Commit, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if v.Commit == "" {
		if bi, ok := debug.ReadBuildInfo(); ok {
			modified := false
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					v.Commit = s.Value
				case "vcs.modified":
					modified = s.Value == "true"
				}
			}
			if v.Commit != "" && modified {
				v.Commit += "-dirty"
			}
		}
	}
	if v.Commit == "" {
		v.Commit = "unknown"
	}
	return v
}

func newVersionCommand() *cobra.Command {
	var out *formatFlag
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print rift's version, commit and Go version",
		Long: `version prints the version, the Git commit rift was built from and the Go
version that built it. rift --version prints the version alone.

Exit status: 0, or 2 for bad flags.`,
		Example: `  rift version
  rift version -o json | jq -r .commit`,
		Args: exactArgs(0, "version takes no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return writeVersion(cmd.OutOrStdout(), out.value, buildVersion())
		},
	}
	out = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	return exitCodes(cmd, ExitOK, ExitUsage)
}

func writeVersion(w io.Writer, f Format, v versionInfo) error {
	if f != FormatText {
		return writeData(w, f, v)
	}
	_, err := fmt.Fprintf(w, "rift %s\ncommit: %s\ngo: %s %s\n", v.Version, v.Commit, v.GoVersion, v.Platform)
	return err
}
