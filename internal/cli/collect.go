package cli

import (
	"errors"
	"io"
	"os"

	"github.com/spf13/cobra"
	"k8s.io/cli-runtime/pkg/genericclioptions"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/collector"
)

func init() { register(newCollectCommand) }

// collectOptions maps rift collect's flags into a collector.Config.
type collectOptions struct {
	kube          *genericclioptions.ConfigFlags
	namespace     []string
	namespaces    []string
	expectCluster string
	out           string
	output        *formatFlag
	git           collector.GitOptions
	secretKeys    bool
	logLines      int64
	logBytes      int64
	chunkSize     int64

	cfg collector.Config
}

func newCollectCommand() *cobra.Command { return newCollectCommandFor(newCollectOptions()) }

func newCollectOptions() *collectOptions {
	o := &collectOptions{kube: genericclioptions.NewConfigFlags(false)}
	// -n is ours (repeatable), not ConfigFlags' single value.
	o.kube.Namespace = nil
	return o
}

func newCollectCommandFor(o *collectOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "collect [flags]",
		Short: "Collect a scoped, read-only, redacted bundle from a cluster",
		Long: `collect reads a few namespaces of a cluster (GET and LIST only), the
cluster-scoped objects the analysis needs and, with --git, one revision of a
local clone, and writes one redacted bundle (.tar.gz) for rift analyze.

It prints a preflight (context, cluster, server, identity, namespaces) before
reading anything and refuses (exit 2) when the context is ambiguous, when
--expect-cluster does not match, or when a namespace does not exist. Reads the
identity may not make are recorded in bundle.yaml notCollected. The preflight,
progress and a closing summary go to standard error; with -o json or -o yaml
the closing summary (file, counts, what was not collected) goes to standard
output instead, for a pipeline. See docs/collector.md.

Exit status: 0 when the bundle was written, 2 for bad flags, a refused
preflight or a failed collection.`,
		Example: `  # Collect namespace shop from the current context
  rift collect -n shop

  # Two namespaces, refusing to run against anything but cluster prod-eu
  rift collect --context prod-eu --expect-cluster prod-eu -n shop -n payments

  # With the Git revision Flux applies, rendered from the Kustomization's path
  rift collect -n shop --git ~/src/deploy --git-ref main --output-file shop.tar.gz

  # In a pipeline: where the bundle went, as JSON
  rift collect -n shop -o json | jq -r .file`,
		Args:        cobra.NoArgs,
		Annotations: streaming(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := o.Complete(cmd); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.Run(cmd)
		},
	}
	f := cmd.Flags()
	o.kube.AddFlags(f)
	f.StringArrayVarP(&o.namespace, "namespace", "n", nil, "namespace to collect (repeatable; default: the context's namespace)")
	f.StringSliceVar(&o.namespaces, "namespaces", nil, "comma-separated namespaces to collect")
	f.StringVar(&o.expectCluster, "expect-cluster", "", "refuse to run unless the resolved kubeconfig cluster has this name")
	addOutputFileFlag(cmd, &o.out, "bundle file to write (default rift-bundle-<cluster>-<time>.tar.gz)")
	f.StringVar(&o.out, "out", "", "bundle file to write")
	_ = f.MarkDeprecated("out", "use --output-file")
	o.output = addOutputFlag(cmd, FormatText, FormatJSON, FormatYAML)
	f.StringVar(&o.git.Path, "git", "", "local Git clone to read (never fetched)")
	f.StringVar(&o.git.Ref, "git-ref", "HEAD", "revision of --git to read")
	f.StringVar(&o.git.SubPath, "git-path", "", "path in --git to render (default: the Flux Kustomization's spec.path)")
	f.StringVar(&o.git.Rendered, "rendered", "", "file of manifests you rendered yourself (e.g. helm template output)")
	f.BoolVar(&o.secretKeys, "secret-keys", false, "read Secrets in memory to record their key names (never values)")
	f.Int64Var(&o.logLines, "log-lines", 200, "lines of each container log to keep (0: no logs)")
	f.Int64Var(&o.logBytes, "log-bytes", 256<<10, "bytes of each container log to keep (0: no logs)")
	f.Int64Var(&o.chunkSize, "chunk-size", collector.DefaultPageSize, "objects per LIST page, as kubectl's --chunk-size")
	return exitCodes(cmd, ExitOK, ExitUsage, ExitInterrupted)
}

// Complete builds the collector config from the flags.
func (o *collectOptions) Complete(cmd *cobra.Command) error {
	ns := append(append([]string(nil), o.namespace...), o.namespaces...)
	o.cfg = collector.Config{
		Kubeconfig:    o.kube.ToRawKubeConfigLoader(),
		Context:       deref(o.kube.Context),
		Cluster:       deref(o.kube.ClusterName),
		Namespaces:    ns,
		ExpectCluster: o.expectCluster,
		Out:           o.out,
		Git:           o.git,
		SecretKeys:    o.secretKeys,
		LogLines:      o.logLines,
		LogBytes:      o.logBytes,
		PageSize:      o.chunkSize,
		Log:           cmd.ErrOrStderr(),
		Version:       Version,
	}
	if isTerminal(cmd.ErrOrStderr()) {
		o.cfg.Progress = cmd.ErrOrStderr()
	}
	return nil
}

// Validate checks flag values that need no cluster.
func (o *collectOptions) Validate() error {
	switch {
	case o.logLines < 0 || o.logBytes < 0:
		return usageError(errors.New("--log-lines and --log-bytes must not be negative"))
	case o.chunkSize <= 0:
		return usageError(errors.New("--chunk-size must be positive"))
	case o.git.Path == "" && (o.git.SubPath != "" || (o.git.Ref != "" && o.git.Ref != "HEAD")):
		return usageError(errors.New("--git-ref and --git-path need --git"))
	}
	for _, n := range o.cfg.Namespaces {
		if n == "" {
			return usageError(errors.New("empty namespace name"))
		}
	}
	return nil
}

// Run collects; a preflight refusal exits 2, SIGINT or SIGTERM 130. With
// -o json or yaml the closing summary is written to standard output.
func (o *collectOptions) Run(cmd *cobra.Command) error {
	ctx, stop := interruptible(cmd.Context())
	defer stop()
	s, err := collector.Run(ctx, o.cfg)
	if collector.IsRefusal(err) {
		return usageError(err)
	}
	err = interrupted(ctx, "collect", err)
	if err != nil || o.output.value == FormatText {
		return err
	}
	return writeData(cmd.OutOrStdout(), o.output.value, collectResult{
		File: s.Out, Objects: s.Objects, Files: s.Files, Bytes: s.Bytes, Redactions: s.Redactions,
		NotCollected: s.NotCollected,
	})
}

// collectResult is the closing summary of rift collect for -o json|yaml.
type collectResult struct {
	File         string                `json:"file"`
	Objects      int                   `json:"objects"`
	Files        int                   `json:"files"`
	Bytes        int64                 `json:"bytes"`
	Redactions   int                   `json:"redactions"`
	NotCollected []bundle.NotCollected `json:"notCollected"`
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// isTerminal reports whether w is a character device (a TTY), where
// progress lines help; in pipes and CI logs they are noise.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
