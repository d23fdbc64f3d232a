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
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/hack/scenarios/ordersapp"
)

const ns = ordersapp.NS

// Scenario returns the recorder entry for fixtures/dependency-unavailable.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "dependency-unavailable",
		Question:   "why are the orders-api pods crash-looping?",
		Namespaces: []string{ns},
		Cluster:    ordersapp.Cluster,
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	api, err := ordersapp.Up(ctx, e)
	if err != nil {
		return err
	}
	// orders-api came up before its database accepted connections.
	if err := e.StartupRefusals(ctx, &api[1], "api", 8080, "/healthz/ready", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := ordersapp.Files("0")
	if err != nil {
		return err
	}
	down, err := e.Ship(ctx, ordersapp.Flux, "orders-db: scale to 0 for the volume migration", v2)
	if err != nil {
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
// connect at start (the ClusterIP has no endpoints, so kube-proxy rejects
// the connection).
func crash(ctx context.Context, e *scenarios.Env, pods []corev1.Pod, ip string, down time.Time) error {
	time.Sleep(time.Until(down.Add(25 * time.Second)))
	lastStart := down.Add(22 * time.Second)
	return e.CrashLoopAll(ctx, ns, pods, ordersapp.APILog(lastStart, ip, 140*time.Millisecond, "connect: connection refused"), scenarios.CrashLoop{
		Container: "api", Reason: "Error", ExitCode: 1, Restarts: 3,
		LastStart: lastStart, LastFinish: lastStart.Add(180 * time.Millisecond),
		FirstBackOff: down.Add(3 * time.Second), BackOffs: 4, Backoff: 40 * time.Second,
	})
}
