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
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/hack/scenarios/ordersapp"
)

//go:embed desired/*.yaml
var desired embed.FS

const ns = ordersapp.NS

// Scenario returns the recorder entry for fixtures/network-policy-denied.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "network-policy-denied",
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
	time.Sleep(2 * time.Second)
	v2, err := ordersapp.Files("1")
	if err != nil {
		return err
	}
	policies, err := scenarios.Files(desired, ordersapp.GitPath, "network-policies.yaml", "desired/network-policies.yaml")
	if err != nil {
		return err
	}
	for k, v := range policies {
		v2[k] = v
	}
	applied, err := e.Ship(ctx, ordersapp.Flux, "orders: default-deny ingress, allow ingress-nginx and prometheus", v2)
	if err != nil {
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
// times out connecting to the database at start (pgx's 10-second connect
// timeout).
func crash(ctx context.Context, e *scenarios.Env, pods []corev1.Pod, ip string, applied time.Time) error {
	time.Sleep(time.Until(applied.Add(40 * time.Second)))
	lastStart := applied.Add(25 * time.Second)
	return e.CrashLoopAll(ctx, ns, pods, ordersapp.APILog(lastStart, ip, 10*time.Second+50*time.Millisecond, "i/o timeout"), scenarios.CrashLoop{
		Container: "api", Reason: "Error", ExitCode: 1, Restarts: 2,
		LastStart: lastStart, LastFinish: lastStart.Add(10*time.Second + 90*time.Millisecond),
		FirstBackOff: applied.Add(12 * time.Second), BackOffs: 3, Backoff: 20 * time.Second,
	})
}
