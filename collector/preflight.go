package collector

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/client-go/rest"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// ClientQPS is the client-side request rate limit of the collector.
const ClientQPS = 50

// RefusalError is a preflight refusal: the target is ambiguous, unexpected
// or missing, so the collector stops before reading anything. Callers map it
// to a usage exit code.
type RefusalError struct{ Reason string }

func (e *RefusalError) Error() string { return "preflight: " + e.Reason }

func refuse(format string, a ...any) error { return &RefusalError{Reason: fmt.Sprintf(format, a...)} }

// IsRefusal reports whether err is (or wraps) a preflight refusal.
func IsRefusal(err error) bool {
	var r *RefusalError
	return errors.As(err, &r)
}

// Target is what preflight resolved: where the collector is pointed and as
// whom. It is recorded in bundle.yaml scope.
type Target struct {
	Context    string
	Cluster    string
	Server     string // host[:port], no scheme, path or userinfo
	Identity   bundle.Identity
	Namespaces []string
	// Objects are the scoped Namespace objects, read during preflight.
	Objects []map[string]any
	// NotCollected holds what preflight could not check.
	NotCollected []bundle.NotCollected

	rest *rest.Config
}

// resolve picks the context and cluster the way kubectl does, but refuses
// where kubectl would guess: no current-context with several to choose from,
// or a context or cluster name that the kubeconfig does not define.
func resolve(cfg *Config) (*Target, error) {
	raw, err := cfg.Kubeconfig.RawConfig()
	if err != nil {
		return nil, refuse("kubeconfig: %v", err)
	}
	t := &Target{Context: cfg.Context}
	if t.Context == "" {
		t.Context = raw.CurrentContext
	}
	switch {
	case t.Context == "" && len(raw.Contexts) > 0:
		names := make([]string, 0, len(raw.Contexts))
		for n := range raw.Contexts {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, refuse("ambiguous context: no current-context is set and the kubeconfig has %d (%s); pass --context", len(names), strings.Join(names, ", "))
	case t.Context != "":
		kc, ok := raw.Contexts[t.Context]
		if !ok {
			return nil, refuse("context %q is not in the kubeconfig", t.Context)
		}
		t.Cluster = kc.Cluster
	}
	if cfg.Cluster != "" {
		t.Cluster = cfg.Cluster
	}
	if t.Cluster != "" && len(raw.Clusters) > 0 {
		if _, ok := raw.Clusters[t.Cluster]; !ok {
			return nil, refuse("cluster %q is not in the kubeconfig", t.Cluster)
		}
	}
	if cfg.ExpectCluster != "" && cfg.ExpectCluster != t.Cluster {
		return nil, refuse("--expect-cluster %q does not match the resolved cluster %q (context %q)", cfg.ExpectCluster, t.Cluster, t.Context)
	}
	rc, err := cfg.Kubeconfig.ClientConfig()
	if err != nil {
		return nil, refuse("kubeconfig: %v", err)
	}
	// API deprecation warnings (v1 Endpoints) are the server's business,
	// not the user's, and would interleave with the progress lines.
	rc.WarningHandler = rest.NoWarnings{}
	// client-go's default of 5 requests a second would make one log read
	// per container take minutes in a large namespace; 50 stays far below
	// what a controller manager sends.
	if rc.QPS == 0 {
		rc.QPS, rc.Burst = ClientQPS, 2*ClientQPS
	}
	t.rest = ReadOnly(rc)
	t.Server = serverHost(rc.Host)
	ns := slices.Clone(cfg.Namespaces)
	if len(ns) == 0 {
		d, _, err := cfg.Kubeconfig.Namespace()
		if err != nil {
			return nil, refuse("kubeconfig namespace: %v", err)
		}
		ns = []string{d}
	}
	sort.Strings(ns)
	t.Namespaces = slices.Compact(ns)
	for _, n := range t.Namespaces {
		if errs := validation.IsDNS1123Label(n); len(errs) > 0 {
			return nil, refuse("namespace %q: %s", n, strings.Join(errs, "; "))
		}
	}
	return t, nil
}

// serverHost keeps only host[:port], so no path token or userinfo from the
// kubeconfig ends up in the bundle.
func serverHost(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		u, err = url.Parse("https://" + s)
		if err != nil {
			return ""
		}
	}
	return u.Host
}
