package collector

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact"
)

// run is one collection in progress.
type run struct {
	cfg *Config
	t   *Target
	res map[string]apiResource
	dyn dynamic.Interface
	md  metadata.Interface
	cs  kubernetes.Interface
	out *sink
	nc  []bundle.NotCollected

	scoped map[string]bool
	seen   *observed

	git        *gitRev
	keptKS     []*unstructured.Unstructured // Flux Kustomizations collected
	keptApps   []*unstructured.Unstructured // Argo CD Applications collected
	gitRepoURL map[nsName]string            // GitRepository -> URL without credentials
}

func collect(ctx context.Context, cfg *Config, t *Target, g *gitRev, w io.Writer, now time.Time) (*Summary, error) {
	r := &run{cfg: cfg, t: t, nc: append([]bundle.NotCollected(nil), t.NotCollected...),
		scoped: map[string]bool{}, seen: newObserved(), git: g, gitRepoURL: map[nsName]string{}}
	for _, n := range t.Namespaces {
		r.scoped[n] = true
	}
	var err error
	if r.dyn, err = dynamic.NewForConfig(t.rest); err != nil {
		return nil, fmt.Errorf("client: %w", err)
	}
	if r.md, err = metadata.NewForConfig(t.rest); err != nil {
		return nil, fmt.Errorf("client: %w", err)
	}
	if r.cs, err = kubernetes.NewForConfig(t.rest); err != nil {
		return nil, fmt.Errorf("client: %w", err)
	}
	dc, err := discovery.NewDiscoveryClientForConfig(t.rest)
	if err != nil {
		return nil, fmt.Errorf("client: %w", err)
	}
	res, nc, err := discover(dc)
	if err != nil {
		return nil, err
	}
	r.res, r.nc = res, append(r.nc, nc...)
	red, err := redact.New(redact.Options{SecretKeys: cfg.SecretKeys})
	if err != nil {
		return nil, err
	}
	r.out = &sink{red: red, w: bundlewrite.New(w, bundlewrite.Options{Level: 9}), pages: map[string]int{}}

	steps := []func(context.Context) error{
		r.collectNamespaces, r.collectCluster, r.collectGitOps, r.collectInventory, r.collectLogs, r.collectGit,
	}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			r.out.w.Abort() // releases the spool, writes no bundle.yaml
			return nil, err
		}
	}
	return r.finish(now, red)
}

// collectNamespaces writes the scoped Namespace objects, then every
// namespaced resource in each scoped namespace.
func (r *run) collectNamespaces(ctx context.Context) error {
	if err := r.out.page(objDir("", "namespaces"), r.t.Objects); err != nil {
		return err
	}
	for _, ns := range r.t.Namespaces {
		for _, name := range namespacedResources {
			a, ok := r.res[name]
			if !ok || !a.namespaced {
				continue
			}
			if err := r.list(ctx, a, ns, nil); err != nil {
				return err
			}
		}
		if err := r.collectSecrets(ctx, ns); err != nil {
			return err
		}
	}
	return nil
}

// list pages through one resource in ns ("" for all namespaces or a
// cluster-scoped resource), keeps the objects keep accepts (all when nil),
// observes them and writes each page. A failed read becomes notCollected;
// only a failed write is returned.
func (r *run) list(ctx context.Context, a apiResource, ns string, keep func(map[string]any) bool) error {
	ri := r.dyn.Resource(a.gvr).Namespace(ns)
	n := 0
	err := paginate(ctx, r.cfg.PageSize, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
		l, err := ri.List(ctx, opts)
		if err != nil {
			return "", err
		}
		byNS := map[string][]map[string]any{}
		var order []string
		for i := range l.Items {
			o := l.Items[i].Object
			if keep != nil && !keep(o) {
				continue
			}
			r.seen.object(a, o)
			on := l.Items[i].GetNamespace()
			if _, ok := byNS[on]; !ok {
				order = append(order, on)
			}
			byNS[on] = append(byNS[on], o)
		}
		sort.Strings(order)
		for _, on := range order {
			n += len(byNS[on])
			if err := r.out.page(objDir(on, a.name()), byNS[on]); err != nil {
				return "", err
			}
		}
		return l.GetContinue(), nil
	})
	r.progress(a.name(), ns, n)
	return r.readFailed(a.name(), ns, err)
}

// readFailed records a failed read and passes write failures and
// cancellation up.
func (r *run) readFailed(resource, ns string, err error) error {
	var we errWrite
	switch {
	case err == nil:
		return nil
	case errors.As(err, &we), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	}
	r.nc = append(r.nc, notCollected(resource, ns, err))
	return nil
}

func (r *run) progress(resource, ns string, n int) {
	if r.cfg.Progress == nil {
		return
	}
	if ns == "" {
		ns = "(cluster)"
	}
	fmt.Fprintf(r.cfg.Progress, "  %-20s %-45s %6d\n", ns, resource, n)
}
