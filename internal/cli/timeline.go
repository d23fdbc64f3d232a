package cli

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

func init() { register(newTimelineCommand) }

// timelineOptions maps rift timeline's flags into a timeline.Filter.
type timelineOptions struct {
	output    *formatFlag
	object    string
	namespace string
	since     string
	width     int
	load      loadFlags

	path   string
	opts   bundle.LoadOptions
	filter timeline.Filter
}

func newTimelineCommand() *cobra.Command {
	o := &timelineOptions{}
	cmd := &cobra.Command{
		Use:   "timeline BUNDLE",
		Short: "Print the merged chronology of a bundle and where the failure started",
		Long: `timeline merges everything in a bundle that carries a time (events from
both Event APIs, condition transitions, container states, ReplicaSet,
ControllerRevision and Pod creation, Git commits, reconciler history, log
lines and recorded checks) into one chronology. Retry loops are collapsed
("BackOff ×37"), entries are linked to workloads through ownership and
references, and the earliest discriminating failure is named: the first
failure in a workload that has not converged that no earlier failure
explains. Times are UTC, each with its offset from the earliest failure, as
in rift analyze's chronology. On a terminal long cells are shortened to fit
the width; otherwise (a file, a pipe, a CI log) they wrap, so nothing is lost.

Marks: "▶" the earliest failure, "✗" a failure, "~" a failure known only
from state (its events expired). --since keeps the rows from that time on.
See docs/timeline.md.

Exit status: 0 when the timeline was printed, 2 for bad flags or a bundle
that cannot be read.`,
		Example: `  # The whole chronology
  rift timeline incident.tar.gz

  # One workload and what it links to, for the last 30 minutes
  rift timeline incident.tar.gz --object deploy/web -n shop --since 30m

  # Machine-readable
  rift timeline incident.tar.gz -o json`,
		Args: exactArgs(1, "timeline takes exactly one BUNDLE argument"),
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
	cmd.Flags().StringVar(&o.object, "object", "", "show only this object and what links to it: "+objectNameHelp)
	addNamespaceFlag(cmd, &o.namespace)
	cmd.Flags().StringVar(&o.since, "since", "", "show only entries from this time on: RFC 3339, or a duration before the capture time such as 30m")
	cmd.Flags().IntVar(&o.width, "width", 0, "text width in columns (default: the terminal's, or $COLUMNS, or 120)")
	addLoadFlags(cmd.Flags(), &o.load)
	return exitCodes(cmd, ExitOK, ExitUsage)
}

// Complete maps arguments and flags into the load options and filter. The
// --since duration needs the capture time, so it is resolved in Run.
func (o *timelineOptions) Complete(args []string) error {
	o.path = args[0]
	opts, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.opts = opts
	return nil
}

// Validate refuses a malformed --object, a bad --since and a negative
// width.
func (o *timelineOptions) Validate() error {
	if o.object != "" {
		if err := checkObjectNames("--object", []string{o.object}, o.namespace); err != nil {
			return err
		}
	}
	if o.width < 0 {
		return usageError(fmt.Errorf("--width %d: must not be negative", o.width))
	}
	if o.since != "" {
		if _, err := timeline.ParseSince(o.since, time.Time{}); err != nil {
			return usageError(fmt.Errorf("--since %w", err))
		}
	}
	return nil
}

// Run loads the bundle, rebuilds the layers and prints the timeline.
func (o *timelineOptions) Run(out io.Writer) error {
	b, err := loadForAnalysis(o.path, o.opts)
	if err != nil {
		return usageError(err)
	}
	if o.object != "" {
		refs, err := resolveObjects(b, "--object", []string{o.object}, o.namespace)
		if err != nil {
			return err
		}
		o.filter.Object = &refs[0]
	}
	if o.since != "" {
		if o.filter.Since, err = timeline.ParseSince(o.since, b.CaptureTime); err != nil {
			return usageError(fmt.Errorf("--since %w", err))
		}
	}
	tl := timeline.Select(timeline.Build(b, layers.Build(b)), o.filter)
	if o.output.value != FormatText {
		return writeData(out, o.output.value, struct {
			CaptureTime time.Time `json:"captureTime"`
			*timeline.Timeline
		}{b.CaptureTime, tl})
	}
	return timeline.WriteText(out, tl, timeline.TextOptions{Width: timelineWidth(out, o.width), Capture: b.CaptureTime, Wrap: !isTerminal(out)})
}

// timelineWidth is the --width flag, else the terminal's width, else
// $COLUMNS, else 120.
func timelineWidth(out io.Writer, flag int) int {
	if flag > 0 {
		return flag
	}
	if f, ok := out.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && c > 0 {
		return c
	}
	return 120
}
