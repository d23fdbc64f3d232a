// Package dependencyunavailable reproduces an application brought down by
// its database: a commit scales orders-db to zero replicas for a volume
// migration, the Deployment controller removes its pod, the EndpointSlice
// controller leaves Service orders-db without endpoints, and orders-api,
// which connects to orders-db.orders.svc.cluster.local at start, gets
// "connection refused" from the Service's ClusterIP and crash-loops. The
// neighbour shipping-notifier is healthy.
package dependencyunavailable

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml desired/*.tmpl
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

// Scenario returns the recorder entry for fixtures/dependency-unavailable.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "dependency-unavailable",
		Question:   "why are the orders-api pods crash-looping?",
		Namespaces: []string{ns},
		// Every orders-api pod logs the same start-up failure.
		Cluster: testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "api"}}},
		Run:     run,
		Check:   check,
	}
}

func files(dbReplicas string) (map[string][]byte, error) {
	out, err := scenarios.Files(desired, gitPath, "orders-api.yaml", "desired/orders-api.yaml",
		"shipping-notifier.yaml", "desired/shipping-notifier.yaml")
	if err != nil {
		return nil, err
	}
	b, err := desired.ReadFile("desired/orders-db.yaml.tmpl")
	if err != nil {
		return nil, err
	}
	out[gitPath+"/orders-db.yaml"] = []byte(strings.ReplaceAll(string(b), "{{REPLICAS}}", dbReplicas))
	return out, nil
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
	v1, err := files("1")
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
	// orders-api came up before its database accepted connections.
	if err := e.StartupRefusals(ctx, &api[1], "api", 8080, "/healthz/ready", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := files("0")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "orders-db: scale to 0 for the volume migration", time.Now(), v2); err != nil {
		return err
	}
	down := time.Now()
	if err := e.Reconcile(ctx, flux, sha, down); err != nil {
		return err
	}
	if err := e.Wait(ctx, "orders-db without pods", 2*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=orders-db"})
		if err != nil || len(pods.Items) != 0 {
			return false, fmt.Errorf("%d orders-db pods (%v)", len(pods.Items), err)
		}
		return true, nil
	}); err != nil {
		return err
	}
	svc, err := e.Client.CoreV1().Services(ns).Get(ctx, "orders-db", metav1.GetOptions{})
	if err != nil {
		return err
	}
	return crash(ctx, e, api, svc.Spec.ClusterIP, down)
}

// crash is the kubelet's account of orders-api after the database went:
// the process lost its connections, exited, and each restart fails to
// connect at start (pgx v5's error: the ClusterIP has no endpoints, so
// kube-proxy rejects the connection).
func crash(ctx context.Context, e *scenarios.Env, pods []corev1.Pod, ip string, down time.Time) error {
	time.Sleep(time.Until(down.Add(25 * time.Second)))
	lastStart := down.Add(22 * time.Second)
	if err := e.Cluster.WritePreviousContainerLog(ns, "", "api", apiLog(lastStart, ip)); err != nil {
		return err
	}
	for _, p := range pods {
		if err := e.CrashLoopBackOff(ctx, ns, p.Name, scenarios.CrashLoop{
			Container: "api", Reason: "Error", ExitCode: 1, Restarts: 3,
			LastStart: lastStart, LastFinish: lastStart.Add(180 * time.Millisecond),
			FirstBackOff: down.Add(3 * time.Second), BackOffs: 4, Backoff: 40 * time.Second,
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
	connErr := fmt.Sprintf("failed to connect to `user=orders database=orders`: %s:5432 (%s): dial error: dial tcp %s:5432: connect: connection refused", ip, dbHost, ip)
	return []testcluster.LogLine{
		line(40*time.Millisecond, "info", `"starting orders-api","version":"5.12.0"`),
		line(150*time.Millisecond, "error", fmt.Sprintf(`"connecting to database","error":%q`, connErr)),
		line(170*time.Millisecond, "fatal", `"database unavailable, exiting"`),
	}
}
