package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact"
)

func init() { register(newRedactCommand) }

// redactOptions maps rift redact's flags into a redact.BundleOptions.
type redactOptions struct {
	check      bool
	secretKeys bool
	redactIPs  bool
	configFile string
	output     *formatFlag
	load       loadFlags

	in, out string
	opts    redact.BundleOptions
}

func newRedactCommand() *cobra.Command {
	o := &redactOptions{}
	cmd := &cobra.Command{
		Use:         "redact (IN OUT | --check BUNDLE)",
		Annotations: streaming(),
		Short:       "Remove credentials from a bundle, or check that none are left",
		Long: `redact reads any bundle rift can read (a rift bundle, a troubleshoot
support bundle, a kubectl cluster-info dump, an OpenShift must-gather or a
directory of YAML and JSON; a directory or an archive) and writes a
rift.dev/v1alpha1 bundle to OUT with every credential replaced by a token
REDACTED-<rule>-<8 hex>. The same value gets the same token within the
output, so correlation survives; the salt behind the tokens is random and
discarded. OUT's name chooses the output: .tar.gz or .tgz a gzip tar, .tar.zst
a zstd tar, .zip a zip, any other name a new directory. redaction.yaml in OUT counts redactions per rule and
file. The output is checked with every rule before redact returns.

With --check, redact scans every file of BUNDLE with every rule and lists
file, line and rule of each secret-looking value, never the value itself.

Exit status: 0 when clean, 1 when --check (or the check of OUT) finds
something or a file could not be scanned, 2 for bad flags or unreadable
input (a folder of several bundles among them; a recorded-incident folder
stands for its bundle/), 130 when interrupted (nothing is left behind). See
docs/redaction.md.`,
		Example: `  # Redact a must-gather before attaching it to a ticket
  rift redact must-gather.tar.xz shared.tar.gz

  # Keep Secret key names and map IP addresses consistently
  rift redact --secret-keys --redact-ips incident/ incident-redacted.tar.gz

  # Add your own literals, regexes and field paths
  rift redact --redact-config redact.yaml in.tar.gz out.tar.gz

  # Gate before sending
  rift redact --check out.tar.gz`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			ctx, stop := interruptible(cmd.Context())
			defer stop()
			return o.Run(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.check, "check", false, "scan BUNDLE for secrets and exit 1 if any remain; writes nothing")
	f.BoolVar(&o.secretKeys, "secret-keys", false, "keep the key names of Secret data (values are always dropped)")
	f.BoolVar(&o.redactIPs, "redact-ips", false, "map IP addresses consistently, preserving shared prefixes")
	f.StringVar(&o.configFile, "redact-config", "", "YAML file of extra literals, regexes and field paths to redact")
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	addLoadFlags(f, &o.load)
	return exitCodes(cmd, ExitOK, ExitFindings, ExitUsage, ExitInterrupted)
}

// Complete maps arguments and flags into options.
func (o *redactOptions) Complete(args []string) error {
	switch {
	case o.check && len(args) == 1:
		o.in = args[0]
	case !o.check && len(args) == 2:
		o.in, o.out = args[0], args[1]
	case o.check:
		return usageError(fmt.Errorf("redact --check takes exactly one BUNDLE argument, got %d", len(args)))
	default:
		return usageError(fmt.Errorf("redact takes IN and OUT arguments, got %d", len(args)))
	}
	in, err := bundlePath(o.in)
	if err != nil {
		return usageError(err)
	}
	o.in = in
	lo, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.opts.Load = lo
	o.opts.Redact = redact.Options{SecretKeys: o.secretKeys, RedactIPs: o.redactIPs}
	if o.configFile != "" {
		cfg, err := redact.LoadConfig(o.configFile)
		if err != nil {
			return usageError(fmt.Errorf("--redact-config: %w", err))
		}
		o.opts.Redact.Config = cfg
	}
	return nil
}

// Validate refuses an IN that cannot be a
// bundle, and an OUT that exists, lies inside IN or has no directory to
// go in; it creates nothing.
func (o *redactOptions) Validate() error {
	if o.check && (o.secretKeys || o.redactIPs || o.configFile != "") {
		return usageError(errors.New("--check takes no redaction flags"))
	}
	if err := checkIn(o.in); err != nil {
		return usageError(err)
	}
	if o.out == "" {
		return nil
	}
	if inside(o.out, o.in) {
		return usageError(fmt.Errorf("%s: output inside the input %s would be read while written", o.out, o.in))
	}
	if err := checkOutDir(o.out); err != nil {
		return usageError(err)
	}
	if isArchiveName(o.out) {
		if _, err := os.Stat(o.out); err == nil {
			return usageError(fmt.Errorf("%s: already exists; refusing to overwrite", o.out))
		}
	}
	return nil
}

// inside reports whether path p is dir or lies under it, once every
// symlink on the way to either is followed: an OUT reached through a link
// into IN is inside IN. A path that cannot be resolved counts as inside.
func inside(p, dir string) bool {
	rp, err1 := resolved(p)
	rd, err2 := resolved(dir)
	if err1 != nil || err2 != nil {
		return true
	}
	return rp == rd || strings.HasPrefix(rp, strings.TrimSuffix(rd, string(filepath.Separator))+string(filepath.Separator))
}

// resolved returns p absolute with every symlink resolved: those of its
// deepest existing ancestor by filepath.EvalSymlinks, the part below it
// (not created yet) as it is. A dangling link is followed to where it
// points, since writing through it would create its target.
func resolved(p string) (string, error) {
	cur, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for hops := 0; hops < 255; hops++ {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest), nil
		}
		if fi, err := os.Lstat(cur); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(cur)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(cur), target)
			}
			cur = filepath.Clean(target)
			continue
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return filepath.Join(cur, rest), nil
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", p)
}

// isArchiveName reports whether OUT names an archive (.tar.gz, .tgz,
// .tar.zst, .zip) rather than a directory.
func isArchiveName(p string) bool {
	_, ok := bundlewrite.ArchiveFor(p)
	return ok
}

// Run redacts or checks; ctx ends a redaction early (see redactStaged).
func (o *redactOptions) Run(ctx context.Context, out, errOut io.Writer) error {
	if o.check {
		return o.runCheck(out, o.in)
	}
	return o.redactStaged(ctx, out, errOut)
}
