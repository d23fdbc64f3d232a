// Package collector reads a scoped, read-only snapshot of a cluster (and,
// optionally, one Git revision) into a rift.dev/v1alpha1 bundle.
//
// Contract: the collector only ever GETs and LISTs (ReadOnly refuses other
// requests at the transport), reads only the namespaces it is given plus the
// cluster-scoped objects the analysis needs, pages every list so memory is
// bounded by one page, never requests Secret data unless SecretKeys asks for
// key names, redacts every object, log and Git file before it is written, and
// records every read it could not make as a notCollected entry instead of
// dropping it.
package collector

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"time"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/staging"
)

// Config is one collection run.
type Config struct {
	// Kubeconfig loads the cluster configuration with kubectl's rules and
	// flag overrides (cli-runtime ConfigFlags.ToRawKubeConfigLoader).
	Kubeconfig clientcmd.ClientConfig
	// Context and Cluster are the --context and --cluster overrides, which
	// preflight needs to tell an explicit choice from the default.
	Context, Cluster string
	// Namespaces to collect; empty means the kubeconfig's namespace.
	Namespaces []string
	// ExpectCluster, when set, must equal the resolved cluster name.
	ExpectCluster string
	// Out is the bundle path; empty means DefaultOut in the working dir.
	Out string
	// Git describes the local clone to read, if any.
	Git GitOptions
	// SecretKeys reads Secrets in memory to record their key names.
	SecretKeys bool
	// LogLines and LogBytes bound each container log (0: no logs).
	LogLines, LogBytes int64
	// PageSize is the LIST limit (0: DefaultPageSize).
	PageSize int64
	// Progress receives per-resource progress lines (nil: quiet).
	Progress io.Writer
	// Log receives the preflight and the summary (nil: discarded).
	Log io.Writer
	// Version is recorded in bundle.yaml collector.version.
	Version string
	// Now returns the capture time (nil: time.Now). It is the analysis's
	// "now" and the archive's timestamp.
	Now func() time.Time
}

// GitOptions points the collector at a local clone.
type GitOptions struct {
	// Path is the clone's directory ("" means no Git source).
	Path string
	// Ref is the revision to read (default HEAD).
	Ref string
	// SubPath is the directory to render; empty means the spec.path of the
	// Flux Kustomizations collected, or the repository root.
	SubPath string
	// Rendered is a file of manifests the user rendered themselves.
	Rendered string
}

// DefaultPageSize is the LIST limit when Config.PageSize is 0.
const DefaultPageSize = 500

// Summary is what a run collected.
type Summary struct {
	Out          string
	Target       *Target
	Objects      int
	Files        int
	Bytes        int64
	Redactions   int
	NotCollected []bundle.NotCollected
	// Elapsed is the wall time from preflight to the written bundle.
	Elapsed time.Duration
}

// Print writes the end-of-run summary.
func (s *Summary) Print(w io.Writer) {
	fmt.Fprintf(w, "wrote %s in %s: %d objects, %d files, %d bytes, %d redactions, %d not collected\n",
		s.Out, s.Elapsed.Round(100*time.Millisecond), s.Objects, s.Files, s.Bytes, s.Redactions, len(s.NotCollected))
	for _, nc := range s.NotCollected {
		where := nc.Resource
		if nc.Namespace != "" {
			where += " in " + nc.Namespace
		}
		fmt.Fprintf(w, "  not collected: %s: %s\n", where, nc.Reason)
	}
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// DefaultOut is rift-bundle-<cluster>-<time>.tar.gz, with the cluster name
// reduced to characters that are safe in a file name.
func DefaultOut(cluster string, t time.Time) string {
	c := unsafeName.ReplaceAllString(cluster, "_")
	if c == "" {
		c = "cluster"
	}
	return fmt.Sprintf("rift-bundle-%s-%s.tar.gz", c, t.UTC().Format("20060102T150405Z"))
}

// Run checks the target (preflight), prints it, collects and writes the
// bundle. A preflight refusal is a *RefusalError and nothing is written.
// The bundle is staged beside cfg.Out and put there once complete; on an
// error or when ctx is done, Run removes the staged bundle, the writer's
// spool and the Git export, and returns the error (ctx's for a cancel).
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if cfg.Kubeconfig == nil {
		return nil, fmt.Errorf("collector: no kubeconfig loader")
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PageSize <= 0 {
		cfg.PageSize = DefaultPageSize
	}
	began := time.Now()
	t, err := resolve(&cfg)
	if err != nil {
		return nil, err
	}
	if err := t.check(ctx); err != nil {
		return nil, err
	}
	g, err := resolveGit(ctx, cfg.Git)
	if err != nil {
		return nil, err
	}
	t.Print(cfg.Log)
	now := cfg.Now().UTC().Truncate(time.Second)
	if cfg.Out == "" {
		cfg.Out = DefaultOut(t.Cluster, now)
	}
	// Written beside cfg.Out under a temporary name and put there only
	// when whole: an error or a cancelled ctx (SIGINT in rift collect)
	// leaves no bundle, no spool and no Git export behind.
	out, err := staging.New(cfg.Out, 0o600)
	if err != nil {
		return nil, fmt.Errorf("output: %w", err)
	}
	defer out.Discard()
	s, err := collect(ctx, &cfg, t, g, out.File(), now)
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		err = out.Commit()
	}
	if err != nil {
		return nil, err
	}
	s.Elapsed = time.Since(began)
	s.Print(cfg.Log)
	return s, nil
}
