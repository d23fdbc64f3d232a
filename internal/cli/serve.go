package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/internal/memory"
	"github.com/rift-dev/rift/internal/serve"
)

func init() {
	register(newServeCommand)
	register(newShellCommand)
}

// serveOptions maps rift serve's and rift shell's flags into serve.Options
// and the bundles to serve.
type serveOptions struct {
	address    string
	kubeconfig string
	policies   []string
	disable    []string
	load       loadFlags

	paths   []string
	opts    bundle.LoadOptions
	bundles []serve.Bundle
	// ready, when set, is called once the kubeconfig is written (tests).
	ready func(kubeconfig string)
}

func (o *serveOptions) addFlags(cmd *cobra.Command, kubeconfig bool) {
	f := cmd.Flags()
	f.StringVar(&o.address, "address", "127.0.0.1:0", "loopback host:port to listen on (port 0 picks a free one)")
	if kubeconfig {
		f.StringVar(&o.kubeconfig, "kubeconfig", "", "write the kubeconfig here (default: a file in a new temporary directory, removed at exit)")
	}
	f.StringArrayVar(&o.policies, "policy", nil, "directory of user Rego policies for the hypotheses resource (repeatable)")
	f.StringArrayVar(&o.disable, "disable", nil, "rule id not to evaluate for the hypotheses resource (repeatable)")
	addLoadFlags(f, &o.load)
}

func newServeCommand() *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve BUNDLE... | DIR",
		Short: "Serve bundles as a read-only Kubernetes API for kubectl, k9s and client-go",
		Long: `serve loads each bundle (any format rift reads) and serves it as a
read-only Kubernetes API on a loopback address, over TLS with a certificate
made at start, to clients holding the random bearer token in the kubeconfig it
writes. Each bundle is one kubeconfig context, named after the bundle's
context (or its file name); a directory holding several bundles serves each.
Ages in tables count from each bundle's capture time, not from now.
kubectl get hypotheses lists the ranked hypothesis ledger (group rift.dev).
Writes, exec, attach and port-forward are refused (405).

It runs until SIGINT or SIGTERM. Exit status: 0 after a clean stop, 2 for bad
flags or a bundle that cannot be read. See docs/serve.md.`,
		Example: `  # Serve a bundle and use kubectl on it
  rift serve incident.tar.gz --kubeconfig /tmp/incident.kubeconfig
  KUBECONFIG=/tmp/incident.kubeconfig kubectl get pods -A -o wide

  # The before and after of a repair, as two contexts
  rift serve before.tar.gz after.tar.gz`,
		Args: bundleArgs("serve"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return o.Run(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	o.addFlags(cmd, true)
	return exitCodes(cmd, ExitOK, ExitUsage)
}

// Complete maps arguments into bundle paths (a directory of several
// bundles stands for each of them) and the load options.
func (o *serveOptions) Complete(args []string) error {
	opts, err := o.load.options()
	if err != nil {
		return usageError(err)
	}
	o.opts = opts
	o.paths = nil
	for _, a := range args {
		o.paths = append(o.paths, bundlesIn(a)...)
	}
	return nil
}

// Validate refuses an address that is not loopback before anything loads.
func (o *serveOptions) Validate() error {
	if err := serve.CheckAddress(o.address); err != nil {
		return usageError(err)
	}
	return nil
}

// load reads every bundle and names its context.
func (o *serveOptions) loadAll() error {
	var eng *hypothesis.Engine
	var engErr error
	engOnce := func() (*hypothesis.Engine, error) {
		if eng == nil && engErr == nil {
			eng, engErr = hypothesis.NewEngine(hypothesis.EngineOptions{PolicyDirs: o.policies, Disable: o.disable})
		}
		return eng, engErr
	}
	ledger := func(ctx context.Context, b *bundle.Bundle) ([]hypothesis.Hypothesis, error) {
		e, err := engOnce()
		if err != nil {
			return nil, err
		}
		r, err := analyzer.Analyze(ctx, b, e)
		if err != nil {
			return nil, err
		}
		return r.Hypotheses, nil
	}
	used := map[string]int{}
	o.bundles = nil
	for _, p := range o.paths {
		b, err := loadBundle(p, o.opts)
		if err != nil {
			return usageError(err)
		}
		name := contextName(b, p)
		if used[name]++; used[name] > 1 {
			name = fmt.Sprintf("%s-%d", name, used[name])
		}
		o.bundles = append(o.bundles, serve.Bundle{Name: name, Bundle: b, Ledger: ledger})
	}
	return nil
}

// Run loads the bundles, writes the kubeconfig, prints the banner and the
// export line, and serves until ctx is done.
func (o *serveOptions) Run(ctx context.Context, out, errOut io.Writer) error {
	s, cleanup, err := o.start(errOut)
	if err != nil {
		return err
	}
	defer cleanup()
	fmt.Fprintf(out, "export KUBECONFIG=%s\n", o.kubeconfig)
	fmt.Fprintln(errOut, "rift serve: press Ctrl-C to stop")
	err = s.Serve(ctx)
	fmt.Fprintln(errOut, "rift serve: stopped")
	return err
}

// start loads, listens, writes the kubeconfig and prints the banner; the
// cleanup removes a kubeconfig it put in a temporary directory.
func (o *serveOptions) start(errOut io.Writer) (*serve.Server, func(), error) {
	if err := o.loadAll(); err != nil {
		return nil, nil, err
	}
	s, err := serve.New(serve.Options{Address: o.address}, o.bundles)
	if err != nil {
		return nil, nil, usageError(err)
	}
	// What the server holds is loaded and indexed; what it makes from
	// here on is garbage (internal/memory's Resident policy).
	memory.Loaded()
	cleanup := func() {}
	if o.kubeconfig == "" {
		dir, err := os.MkdirTemp("", "rift-serve-")
		if err != nil {
			return nil, nil, err
		}
		o.kubeconfig = filepath.Join(dir, "kubeconfig")
		cleanup = func() { os.RemoveAll(dir) }
	}
	if err := s.WriteKubeconfig(o.kubeconfig); err != nil {
		cleanup()
		return nil, nil, usageError(err)
	}
	o.banner(errOut, s)
	if o.ready != nil {
		o.ready(o.kubeconfig)
	}
	return s, cleanup, nil
}

func (o *serveOptions) banner(w io.Writer, s *serve.Server) {
	fmt.Fprintf(w, "rift serve: %d bundle(s), read-only, loopback only, TLS with a certificate made now, bearer token in %s\n", len(o.bundles), o.kubeconfig)
	for i, b := range o.bundles {
		inferred := ""
		if b.Bundle.CaptureTimeInferred {
			inferred = " (inferred: the latest time in the data)"
		}
		fmt.Fprintf(w, "  context %s: %s (%s, %d objects, captured %s%s)\n    %s\n", b.Name, o.paths[i], b.Bundle.Format,
			len(b.Bundle.Objects), b.Bundle.CaptureTime.UTC().Format(time.RFC3339), inferred, s.URL(b.Name))
	}
	fmt.Fprintln(w, "Ages (AGE, LAST SEEN) count from each bundle's capture time, not from now.")
	fmt.Fprintln(w, "kubectl get hypotheses lists rift's ranked hypotheses; writes, exec, attach and port-forward are refused.")
}

var unsafeContext = regexp.MustCompile(`[^A-Za-z0-9._:@-]+`)

// contextName is the bundle's recorded context, else its file name
// without archive extensions.
func contextName(b *bundle.Bundle, path string) string {
	name := b.Meta.Scope.Context
	if name == "" {
		name = filepath.Base(filepath.Clean(path))
		if name == "bundle" { // a recorded incident's bundle/ directory
			name = filepath.Base(filepath.Dir(filepath.Clean(path)))
		}
		for _, ext := range []string{".gz", ".zst", ".xz", ".tar", ".tgz", ".zip"} {
			name = strings.TrimSuffix(name, ext)
		}
	}
	name = strings.Trim(unsafeContext.ReplaceAllString(name, "-"), "-")
	if name == "" {
		name = "bundle"
	}
	return name
}

// bundlesIn returns path itself, or each bundle of a directory that is
// no bundle but holds several (heldBundles, the rule by which loadBundle
// refuses such a directory as one bundle).
func bundlesIn(path string) []string {
	if held := heldBundles(path); len(held) >= 2 {
		return held
	}
	return []string{path}
}

// bundleArgs refuses a command line without a BUNDLE (exit 2).
func bundleArgs(command string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageError(fmt.Errorf("%s takes one or more BUNDLE arguments, got 0", command))
		}
		return nil
	}
}
