// Package ordersapp is the orders application several scenarios break in
// different ways: orders-api (two replicas, connects to its database at
// start), orders-db (postgres behind Service orders-db) and the healthy
// neighbour shipping-notifier, applied by Flux from envs/prod/orders. A
// scenario brings it up with Up, commits its own change, and writes the
// API's start-up failure with APILog.
package ordersapp

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml desired/*.tmpl
var desired embed.FS

// The application's namespace, repository path, API image, API pod
// selector and the database host the API dials.
const (
	NS       = "orders"
	GitPath  = "envs/prod/orders"
	APIImage = "registry.example.com/orders/orders-api:5.12.0"
	Selector = "app.kubernetes.io/name=orders-api"
	DBHost   = "orders-db.orders.svc.cluster.local"
)

// Flux is the GitRepository and Kustomization that apply it.
var Flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "orders", URL: "https://git.example.com/commerce/orders-config.git",
	Path: "./" + GitPath, TargetNamespace: NS,
}

// Cluster is the control plane it needs: every orders-api pod logs the
// same start-up failure.
var Cluster = testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: NS, Container: "api"}}}

// Files is the repository with orders-db at dbReplicas replicas.
func Files(dbReplicas string) (map[string][]byte, error) {
	out, err := scenarios.Files(desired, GitPath, "orders-api.yaml", "desired/orders-api.yaml",
		"shipping-notifier.yaml", "desired/shipping-notifier.yaml")
	if err != nil {
		return nil, err
	}
	b, err := desired.ReadFile("desired/orders-db.yaml.tmpl")
	if err != nil {
		return nil, err
	}
	out[GitPath+"/orders-db.yaml"] = []byte(strings.ReplaceAll(string(b), "{{REPLICAS}}", dbReplicas))
	return out, nil
}

// Up adds the nodes, commits and applies the healthy application, waits
// for it to be available and returns the two orders-api pods.
func Up(ctx context.Context, e *scenarios.Env) ([]corev1.Pod, error) {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-eu-west-1a-01", "worker-eu-west-1b-02"); err != nil {
		return nil, err
	}
	if err := e.Namespaces(ctx, NS, Flux.Namespace); err != nil {
		return nil, err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return nil, err
	}
	v1, err := Files("1")
	if err != nil {
		return nil, err
	}
	if _, err := e.Ship(ctx, Flux, "orders: api 5.12.0, postgres 16.4, shipping-notifier", v1); err != nil {
		return nil, err
	}
	for _, d := range []struct {
		name string
		n    int32
	}{{"orders-db", 1}, {"orders-api", 2}, {"shipping-notifier", 1}} {
		if err := e.WaitDeployment(ctx, NS, d.name, scenarios.Available(d.n)); err != nil {
			return nil, err
		}
	}
	api, err := e.PodsWithImage(ctx, NS, Selector, APIImage)
	if err != nil || len(api) != 2 {
		return nil, fmt.Errorf("orders-api pods: %d (%v)", len(api), err)
	}
	return api, nil
}

// APILog is orders-api's log of one failed start at started: it dials the
// database at ip (pgx v5's error ends with dialErr, e.g. "connect:
// connection refused"), failing after dialTime, and exits.
func APILog(started time.Time, ip string, dialTime time.Duration, dialErr string) []testcluster.LogLine {
	line := func(d time.Duration, level, msg string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf(`{"level":%q,"ts":%q,"caller":"cmd/orders-api/main.go:88","msg":%s}`,
			level, ts.UTC().Format("2006-01-02T15:04:05.000Z07:00"), msg)}
	}
	connErr := fmt.Sprintf("failed to connect to `user=orders database=orders`: %s:5432 (%s): dial error: dial tcp %s:5432: %s", ip, DBHost, ip, dialErr)
	return []testcluster.LogLine{
		line(40*time.Millisecond, "info", `"starting orders-api","version":"5.12.0"`),
		line(dialTime+10*time.Millisecond, "error", fmt.Sprintf(`"connecting to database","error":%q`, connErr)),
		line(dialTime+30*time.Millisecond, "fatal", `"database unavailable, exiting"`),
	}
}

// CrashLooping checks that both orders-api pods are in CrashLoopBackOff
// and shipping-notifier is available.
func CrashLooping(ctx context.Context, e *scenarios.Env) error {
	pods, err := e.PodsWithImage(ctx, NS, Selector, APIImage)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("Deployment/%s/orders-api: %d pods, want 2 (%v)", NS, len(pods), err)
	}
	for _, p := range pods {
		if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CrashLoopBackOff" {
			return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff, got %+v", NS, p.Name, p.Status.ContainerStatuses[0].State)
		}
	}
	return e.WaitDeployment(ctx, NS, "shipping-notifier", scenarios.Available(1))
}
