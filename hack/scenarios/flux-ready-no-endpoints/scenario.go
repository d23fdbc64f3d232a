// Package fluxreadynoendpoints reproduces a GitOps success that serves
// nothing: a commit moves checkout to the app.kubernetes.io/name label
// (a new Deployment, as selectors are immutable) but leaves the Service's
// selector on the old app label. Flux applies the revision, prunes the old
// Deployment and reports Ready; the new pods are Ready, and the
// EndpointSlice controller leaves Service checkout without endpoints.
package fluxreadynoendpoints

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "store"
	gitPath = "apps/store"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "store", URL: "https://git.example.com/store/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/flux-ready-no-endpoints.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "flux-ready-no-endpoints",
		Question:   "Flux says the store is applied and Ready; why does checkout serve nothing?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "cart"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "node-a", "node-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-v1.yaml", "cart.yaml", "desired/cart.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "store: checkout 4.1.0 and cart", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := waitEndpoints(ctx, e, "checkout", 3); err != nil {
		return err
	}
	if err := waitEndpoints(ctx, e, "cart", 2); err != nil {
		return err
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=checkout"})
	if err != nil || len(pods.Items) == 0 {
		return fmt.Errorf("checkout pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods.Items[0], "checkout", 8080, "/healthz", 1); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-v2.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "checkout 4.2.0: adopt app.kubernetes.io labels", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "old checkout pods gone", 2*time.Minute, func(ctx context.Context) (bool, error) {
		old, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=checkout"})
		return err == nil && len(old.Items) == 0, err
	}); err != nil {
		return err
	}
	return cartLog(ctx, e)
}

// cartLog is what the caller sees: the Service's virtual IP refuses
// connections once it has no endpoint. Go's net error names the resolved
// address, not the host name.
func cartLog(ctx context.Context, e *scenarios.Env) error {
	svc, err := e.Client.CoreV1().Services(ns).Get(ctx, "checkout", metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Service/%s/checkout: %w", ns, err)
	}
	now := time.Now()
	var lines []testcluster.LogLine
	for i, order := range []string{"ord-88213", "ord-88214", "ord-88219"} {
		ts := now.Add(time.Duration(i-3) * time.Second)
		lines = append(lines, testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf(
			`{"level":"error","ts":%q,"msg":"checkout failed","order":%q,"error":"Post \"http://checkout/api/v1/orders\": dial tcp %s:80: connect: connection refused"}`,
			ts.UTC().Format(time.RFC3339Nano), order, svc.Spec.ClusterIP)})
	}
	return e.Cluster.WriteContainerLog(ns, "", "cart", lines)
}

// waitEndpoints waits until the Service's EndpointSlices list n ready
// endpoints.
func waitEndpoints(ctx context.Context, e *scenarios.Env, svc string, n int) error {
	return e.Wait(ctx, fmt.Sprintf("%d ready endpoints for Service/%s/%s", n, ns, svc), 2*time.Minute, func(ctx context.Context) (bool, error) {
		got, err := readyEndpoints(ctx, e, svc)
		return err == nil && got == n, err
	})
}

func readyEndpoints(ctx context.Context, e *scenarios.Env, svc string) (int, error) {
	slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=" + svc})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, s := range slices.Items {
		for _, ep := range s.Endpoints {
			if ep.Conditions.Ready != nil && *ep.Conditions.Ready {
				n++
			}
		}
	}
	return n, nil
}

// check asserts what the controllers did: checkout-v2 runs three Ready
// pods, the old Deployment was pruned, Service checkout has no endpoint
// (also five seconds later) while cart keeps its two.
func check(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "checkout-v2", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if d.Status.ReadyReplicas != 3 {
		return fmt.Errorf("Deployment/store/checkout-v2: %d ready, want 3", d.Status.ReadyReplicas)
	}
	if _, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "checkout", metav1.GetOptions{}); err == nil {
		return fmt.Errorf("Deployment/store/checkout: not pruned")
	}
	for range 2 {
		for svc, want := range map[string]int{"checkout": 0, "cart": 2} {
			if got, err := readyEndpoints(ctx, e, svc); err != nil || got != want {
				return fmt.Errorf("Service/store/%s: %d ready endpoints (%v), want %d", svc, got, err, want)
			}
		}
		time.Sleep(5 * time.Second)
	}
	return nil
}
