package cli

import (
	"context"
	"fmt"
	"io"
	"regexp"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/verify"
)

func init() { register(newVerifyCommand) }

// verifyOptions maps rift verify's flags into a verify.Config.
type verifyOptions struct {
	output    *formatFlag
	revision  string
	workloads []string
	namespace string
	image     string
	before    string
	load      loadFlags

	path string
	opts bundle.LoadOptions
	cfg  verify.Config
}

func newVerifyCommand() *cobra.Command {
	o := &verifyOptions{}
	cmd := &cobra.Command{
		Use:   "verify BUNDLE",
		Short: "Check from a bundle that a revision has reached every layer",
		Long: `verify reads a bundle offline and checks, layer by layer, that a change is
really running: the Git revision equals the source artifact revision, the
reconciler's applied revision and the Argo sync revision; every workload's
observedGeneration equals its generation; every pod runs the current template
revision (and the --image digest, read from containerStatuses imageID); all
pods are Ready; no restarts appeared since the --before bundle (without it,
since the current revision began rolling out: its ReplicaSet's or
ControllerRevision's creationTimestamp); the Services' endpoints list the
new pods and none of the old; the recorded checks/ pass.
Every check prints pass, fail, unknown or skipped with the fields it read.

Default workloads: every Deployment, StatefulSet and DaemonSet a GitOps
reconciler manages. See docs/pipelines.md for use in a pipeline.

Exit status: 0 when every check passes, 1 when one fails, 3 when none fails
but something could not be decided (for example Events were not collected),
2 for bad flags (a --revision that is not 7 to 40 hex digits), unreadable
input, or a --workload the bundle does not hold.`,
		Example: `  # After rift collect in a pipeline: is commit 5c730b5 live everywhere?
  rift verify bundle.tar.gz --revision 5c730b5

  # One workload, a promoted digest, and restarts counted from a baseline
  rift verify after.tar.gz --workload sts/kafka -n kafka \
    --image ghcr.io/acme/kafka@sha256:<digest> --before before.tar.gz -o json`,
		Args: exactArgs(1, "verify takes exactly one BUNDLE argument"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(cmd.Context(), cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	f.StringVar(&o.revision, "revision", "", "the Git commit that must be live, 7 to 40 hex digits (default: the bundle's Git source revision)")
	f.StringArrayVar(&o.workloads, "workload", nil, "workload to verify (repeatable; default: every managed workload): "+objectNameHelp)
	addNamespaceFlag(cmd, &o.namespace)
	f.StringVar(&o.image, "image", "", "promoted image REF@sha256:DIGEST that must be running")
	f.StringVar(&o.before, "before", "", "baseline BUNDLE for restart counts (default: count restarts since the current revision began rolling out)")
	addLoadFlags(f, &o.load)
	return exitCodes(cmd, ExitOK, ExitFindings, ExitUsage, ExitUnknown)
}

// Complete parses the argument and flags into the load options and config.
func (o *verifyOptions) Complete(args []string) error {
	o.path = args[0]
	opts, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.opts = opts
	o.cfg = verify.Config{Revision: o.revision, Image: o.image}
	return nil
}

// revisionPattern is a Git commit: an abbreviated or full SHA-1.
var revisionPattern = regexp.MustCompile(`^[0-9a-fA-F]{7,40}$`)

// Validate refuses a --revision that is not 7 to 40 hex digits, a
// malformed --workload and a malformed --image.
func (o *verifyOptions) Validate() error {
	if o.revision != "" && !revisionPattern.MatchString(o.revision) {
		return usageError(fmt.Errorf("--revision %q: want a Git commit of 7 to 40 hex digits", o.revision))
	}
	if err := checkObjectNames("--workload", o.workloads, o.namespace); err != nil {
		return err
	}
	if err := verify.ValidImage(o.image); err != nil {
		return usageError(err)
	}
	return nil
}

// Run loads the bundle (and the baseline), analyses it, verifies and maps
// the outcome to the exit code.
func (o *verifyOptions) Run(ctx context.Context, out io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	b, err := loadForAnalysis(o.path, o.opts)
	if err != nil {
		return usageError(err)
	}
	if o.cfg.Workloads, err = resolveObjects(b, "--workload", o.workloads, o.namespace); err != nil {
		return err
	}
	if o.before != "" {
		if o.cfg.Before, err = loadForAnalysis(o.before, o.opts); err != nil {
			return usageError(fmt.Errorf("--before: %w", err))
		}
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		return usageError(err)
	}
	r, err := analyzer.Analyze(ctx, b, eng)
	if err != nil {
		return fmt.Errorf("%s: %w", o.path, err)
	}
	res, err := verify.Verify(b, r, o.cfg)
	if err != nil {
		return usageError(err)
	}
	switch o.output.value {
	case FormatJSON:
		err = res.WriteJSON(out)
	case FormatYAML:
		err = writeData(out, FormatYAML, res)
	default:
		err = res.WriteText(out)
	}
	if err != nil {
		return err
	}
	switch res.Status {
	case verify.Fail:
		return &ExitError{Code: ExitFindings}
	case verify.Unknown:
		return &ExitError{Code: ExitUnknown}
	}
	return nil
}
