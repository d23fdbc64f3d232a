// Package networkpolicydenied reproduces an application cut off from its
// database by a NetworkPolicy: a hardening commit adds a default-deny
// ingress policy to the orders namespace with exceptions for the ingress
// controller and Prometheus, but none for orders-api's connections to
// orders-db. Flux applies it; orders-db stays Ready behind its Service,
// and orders-api, which connects to it at start, times out ("dial tcp
// <ClusterIP>:5432: i/o timeout": the network plugin drops what the policy
// denies) and crash-loops. The neighbour shipping-notifier is healthy.
package networkpolicydenied

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "orders"
	gitPath  = "envs/prod/orders"
	apiImage = "registry.example.com/orders/orders-api:5.12.0"
	selector = "app.kubernetes.io/name=orders-api"
	dbHost   = "orders-db.orders.svc.cluster.local"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "orders", URL: "https://git.example.com/commerce/orders-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/network-policy-denied.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "network-policy-denied",
		Question:   "why are the orders-api pods crash-looping?",
		Namespaces: []string{ns},
		// Every orders-api pod logs the same start-up failure.
		Cluster: testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "api"}}},
		Run:     run,
		Check:   check,
	}
}

func files(policies bool) (map[string][]byte, error) {
	pairs := []string{"orders-api.yaml", "desired/orders-api.yaml", "orders-db.yaml", "desired/orders-db.yaml",
		"shipping-notifier.yaml", "desired/shipping-notifier.yaml"}
	if policies {
		pairs = append(pairs, "network-policies.yaml", "desired/network-policies.yaml")
	}
	return scenarios.Files(desired, gitPath, pairs...)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-eu-west-1a-01", "worker-eu-west-1b-02"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := files(false)
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "orders: api 5.12.0, postgres 16.4, shipping-notifier", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	for _, d := range []struct {
		name string
		n    int32
	}{{"orders-db", 1}, {"orders-api", 2}, {"shipping-notifier", 1}} {
		if err := e.WaitDeployment(ctx, ns, d.name, scenarios.Available(d.n)); err != nil {
			return err
		}
	}
	api, err := e.PodsWithImage(ctx, ns, selector, apiImage)
	if err != nil || len(api) != 2 {
		return fmt.Errorf("orders-api pods: %d (%v)", len(api), err)
	}

	time.Sleep(2 * time.Second)
	v2, err := files(true)
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "orders: default-deny ingress, allow ingress-nginx and prometheus", time.Now(), v2); err != nil {
		return err
	}
	applied := time.Now()
	if err := e.Reconcile(ctx, flux, sha, applied); err != nil {
		return err
	}
	svc, err := e.Client.CoreV1().Services(ns).Get(ctx, "orders-db", metav1.GetOptions{})
	if err != nil {
		return err
	}
	return crash(ctx, e, api, svc.Spec.ClusterIP, applied)
}

// crash is the kubelet's account of orders-api once the policy landed:
// its connections were dropped, the process exited, and each restart
// times out connecting to the database at start (pgx v5's error with a
// 10-second connect timeout).
func crash(ctx context.Context, e *scenarios.Env, pods []corev1.Pod, ip string, applied time.Time) error {
	time.Sleep(time.Until(applied.Add(40 * time.Second)))
	lastStart := applied.Add(25 * time.Second)
	if err := e.Cluster.WritePreviousContainerLog(ns, "", "api", apiLog(lastStart, ip)); err != nil {
		return err
	}
	for _, p := range pods {
		if err := e.CrashLoopBackOff(ctx, ns, p.Name, scenarios.CrashLoop{
			Container: "api", Reason: "Error", ExitCode: 1, Restarts: 2,
			LastStart: lastStart, LastFinish: lastStart.Add(10*time.Second + 90*time.Millisecond),
			FirstBackOff: applied.Add(12 * time.Second), BackOffs: 3, Backoff: 20 * time.Second,
		}); err != nil {
			return err
		}
	}
	return nil
}

func apiLog(started time.Time, ip string) []testcluster.LogLine {
	line := func(d time.Duration, level, msg string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf(`{"level":%q,"ts":%q,"caller":"cmd/orders-api/main.go:88","msg":%s}`,
			level, ts.UTC().Format("2006-01-02T15:04:05.000Z07:00"), msg)}
	}
	connErr := fmt.Sprintf("failed to connect to `user=orders database=orders`: %s:5432 (%s): dial error: dial tcp %s:5432: i/o timeout", ip, dbHost, ip)
	return []testcluster.LogLine{
		line(40*time.Millisecond, "info", `"starting orders-api","version":"5.12.0"`),
		line(10*time.Second+60*time.Millisecond, "error", fmt.Sprintf(`"connecting to database","error":%q`, connErr)),
		line(10*time.Second+80*time.Millisecond, "fatal", `"database unavailable, exiting"`),
	}
}
