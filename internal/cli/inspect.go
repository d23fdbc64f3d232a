package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func init() { register(newInspectCommand) }

// loadFlags are the bundle loader's options as flags: its limits, and
// --partial. Every command that reads a bundle adds them with
// addLoadFlags; options maps them into bundle.LoadOptions.
type loadFlags struct {
	maxFileSize  string // LoadOptions.MaxFileBytes
	maxTotalSize string // LoadOptions.MaxTotalBytes
	maxEntries   int    // LoadOptions.MaxEntries
	maxRatio     int64  // LoadOptions.MaxRatio
	partial      bool   // LoadOptions.Partial
}

func addLoadFlags(f *pflag.FlagSet, o *loadFlags) {
	f.StringVar(&o.maxFileSize, "max-file-size", "128Mi", "largest single file read from a bundle (bytes, or a quantity such as 64Mi)")
	f.StringVar(&o.maxTotalSize, "max-total-size", "4Gi", "most uncompressed bytes read from a bundle")
	f.IntVar(&o.maxEntries, "max-entries", bundle.DefaultMaxEntries, "most archive entries or directory items read from a bundle")
	f.Int64Var(&o.maxRatio, "max-ratio", bundle.DefaultMaxRatio, "highest uncompressed-to-archive size ratio accepted (decompression bomb guard)")
	f.BoolVar(&o.partial, "partial", false, "read what a truncated or corrupt archive holds before the damage instead of refusing it (the verdict is then at best unknown)")
}

// options maps the flags into bundle.LoadOptions.
func (o *loadFlags) options() (bundle.LoadOptions, error) {
	file, err := parseBytes("--max-file-size", o.maxFileSize)
	if err != nil {
		return bundle.LoadOptions{}, err
	}
	total, err := parseBytes("--max-total-size", o.maxTotalSize)
	if err != nil {
		return bundle.LoadOptions{}, err
	}
	if o.maxEntries <= 0 || o.maxRatio <= 0 {
		return bundle.LoadOptions{}, fmt.Errorf("--max-entries and --max-ratio must be positive")
	}
	return bundle.LoadOptions{MaxFileBytes: file, MaxTotalBytes: total, MaxEntries: o.maxEntries, MaxRatio: o.maxRatio, Partial: o.partial}, nil
}

func parseBytes(flag, s string) (int64, error) {
	q, err := resource.ParseQuantity(s)
	if err != nil {
		return 0, fmt.Errorf("%s %q: want bytes or a quantity such as 64Mi: %w", flag, s, err)
	}
	if q.Sign() <= 0 {
		return 0, fmt.Errorf("%s %q: must be positive", flag, s)
	}
	return q.Value(), nil
}

// inspectOptions maps rift inspect's flags into a load.
type inspectOptions struct {
	output *formatFlag
	load   loadFlags

	path string
	opts bundle.LoadOptions
}

func newInspectCommand() *cobra.Command {
	o := &inspectOptions{}
	cmd := &cobra.Command{
		Use:   "inspect BUNDLE",
		Short: "Show what a bundle holds and what could not be loaded",
		Long: `inspect loads a bundle (a rift bundle, a troubleshoot support bundle, a
kubectl cluster-info dump, an OpenShift must-gather or a directory of YAML and
JSON; a directory or a .tar, .tar.gz, .tgz, .tar.zst, .tar.xz or .zip archive)
and prints its format, capture time, scope, object counts by kind and
namespace, Git sources, the time span of its events, its log files, what the
collector could not read, unknown entries and every load error.

Exit status: 0 when the bundle loaded (load errors are listed, not fatal),
2 for bad flags, a bundle that cannot be read at all, or a truncated or
corrupt archive (--partial lists what precedes the damage instead). See
docs/bundle-format.md.`,
		Example: `  # Summarize a bundle
  rift inspect incident.tar.gz

  # Machine-readable, from a troubleshoot support bundle
  rift inspect support-bundle-2024-05-01.tar.gz -o json

  # Allow a bigger must-gather
  rift inspect must-gather.tar.xz --max-total-size 16Gi`,
		Args: exactArgs(1, "inspect takes exactly one BUNDLE argument"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(cmd.OutOrStdout())
		},
	}
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	addLoadFlags(cmd.Flags(), &o.load)
	return exitCodes(cmd, ExitOK, ExitUsage)
}

// Complete maps arguments and flags into the load options.
func (o *inspectOptions) Complete(args []string) error {
	o.path = args[0]
	opts, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.opts = opts
	return nil
}

// Validate has nothing left to check: -o was checked while parsing.
func (o *inspectOptions) Validate() error { return nil }

// Run loads the bundle and prints its summary.
func (o *inspectOptions) Run(out io.Writer) error {
	b, err := loadBundle(o.path, o.opts)
	if err != nil {
		return usageError(err)
	}
	s := bundle.Summarize(b)
	if o.output.value != FormatText {
		return writeData(out, o.output.value, s)
	}
	return s.WriteText(out)
}
