// Package egressdnsdenied reproduces an egress lockdown that forgot DNS: a
// commit adds a default-deny egress NetworkPolicy to the checkout
// namespace and one exception, HTTPS to the internet for checkout-api.
// Nothing admits port 53, so the pods' DNS queries are dropped: after the
// next restart checkout-api cannot resolve api.stripe.com ("lookup ... on
// 10.96.0.10:53: read udp ...: i/o timeout") and crash-loops. The cluster
// DNS and the payment provider are fine.
package egressdnsdenied

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
	ns       = "checkout"
	gitPath  = "apps/checkout"
	apiImage = "registry.example.com/shop/checkout-api:9.4.0"
	selector = "app.kubernetes.io/name=checkout-api"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "checkout", URL: "https://git.example.com/shop/checkout-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/egress-dns-denied.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "egress-dns-denied",
		Question:   "checkout-api crash-loops on DNS timeouts since the egress lockdown; is the cluster DNS down?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "api"}}},
		Run:        run,
		Check:      check,
	}
}

func files(policies bool) (map[string][]byte, error) {
	pairs := []string{"checkout-api.yaml", "desired/checkout-api.yaml"}
	if policies {
		pairs = append(pairs, "network-policies.yaml", "desired/network-policies.yaml")
	}
	return scenarios.Files(desired, gitPath, pairs...)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-a", "worker-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	var applied time.Time
	for _, c := range []struct {
		message  string
		policies bool
	}{
		{"checkout: checkout-api 9.4.0", false},
		{"checkout: default-deny egress, allow HTTPS to the payment provider", true},
	} {
		fs, err := files(c.policies)
		if err != nil {
			return err
		}
		if applied, err = e.Ship(ctx, flux, c.message, fs); err != nil {
			return err
		}
		if err := e.WaitDeployment(ctx, ns, "checkout-api", scenarios.Available(2)); err != nil {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	pods, err := e.PodsWithImage(ctx, ns, selector, apiImage)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("checkout-api pods: %d (%v)", len(pods), err)
	}
	// The pods restart after the lockdown (their connections were cut)
	// and cannot resolve the provider at start: the resolver gives up
	// after its 5-second timeout.
	time.Sleep(3 * time.Second)
	start := time.Now().Add(-20 * time.Second)
	return e.CrashLoopAll(ctx, ns, pods, apiLog(start, pods[0].Status.PodIP), scenarios.CrashLoop{
		Container: "api", Reason: "Error", ExitCode: 1, Restarts: 2,
		LastStart: start, LastFinish: start.Add(5*time.Second + 40*time.Millisecond),
		FirstBackOff: applied.Add(8 * time.Second), BackOffs: 3, Backoff: 20 * time.Second,
	})
}

func apiLog(started time.Time, podIP string) []testcluster.LogLine {
	line := func(d time.Duration, text string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: ts.UTC().Format("2006/01/02 15:04:05") + " " + text}
	}
	return []testcluster.LogLine{
		line(20*time.Millisecond, "checkout-api 9.4.0 starting"),
		line(5*time.Second+30*time.Millisecond, fmt.Sprintf(`payment client: Post "https://api.stripe.com/v1/balance": dial tcp: lookup api.stripe.com on 10.96.0.10:53: read udp %s:43120->10.96.0.10:53: i/o timeout`, podIP)),
		line(5*time.Second+35*time.Millisecond, "fatal: payment provider unreachable at start"),
	}
}

// check asserts the state: both policies are stored and both
// checkout-api pods are in CrashLoopBackOff, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pols, err := e.Client.NetworkingV1().NetworkPolicies(ns).List(ctx, metav1.ListOptions{})
		if err != nil || len(pols.Items) != 2 {
			return fmt.Errorf("NetworkPolicies in %s: want 2 (%v)", ns, err)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, apiImage)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("checkout-api: %d pods (%v)", len(pods), err)
		}
		for _, p := range pods {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CrashLoopBackOff" {
				return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff", ns, p.Name)
			}
		}
		return nil
	})
}
