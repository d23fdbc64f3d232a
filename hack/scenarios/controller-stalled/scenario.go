// Package controllerstalled reproduces a workload controller that does not
// act: kube-controller-manager runs with the deployment controller
// switched off (--controllers=*,-deployment-controller, a hardening flag
// gone wrong). Flux applies a new notification-worker Deployment and is
// Ready, the StatefulSet controller runs redis as usual, but nothing ever
// observes the Deployment: generation 1, observedGeneration absent, no
// ReplicaSet, no pod and no event, for more than five minutes.
package controllerstalled

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
	ns      = "comms"
	gitPath = "apps/comms"
	// stalledFor is how long the Deployment stays unobserved before
	// collection: longer than a busy controller's backlog could explain.
	stalledFor = 330 * time.Second
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "comms", URL: "https://git.example.org/platform/comms-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/controller-stalled.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "controller-stalled",
		Question:   "notification-worker was deployed minutes ago and Flux is Ready; why is there not a single pod?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{ControllerManagerArgs: []string{"--controllers=*,-deployment-controller"}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "node-pool-comms-01", "node-pool-comms-02"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "redis.yaml", "desired/redis.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "comms: redis", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := waitRedis(ctx, e); err != nil {
		return err
	}
	// Noise: one refused TCP probe while redis started, below the
	// failureThreshold, as the kubelet's prober reports it.
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, "redis-0", metav1.GetOptions{})
	if err != nil {
		return err
	}
	at := p.CreationTimestamp.Add(2 * time.Second)
	msg := fmt.Sprintf("Readiness probe failed: dial tcp %s:6379: connect: connection refused", p.Status.PodIP)
	if _, err := e.KubeletEvent(ctx, p, "redis", "Warning", "Unhealthy", msg, 1, at, at); err != nil {
		return err
	}
	v2, err := scenarios.Files(desired, gitPath, "notification-worker.yaml", "desired/notification-worker.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "comms: notification-worker 1.0.3", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	e.Logf("waiting %s with the Deployment unobserved", stalledFor)
	time.Sleep(stalledFor)
	return nil
}

func waitRedis(ctx context.Context, e *scenarios.Env) error {
	return e.WaitStatefulSet(ctx, ns, "redis", scenarios.Ready(1))
}

// check asserts what the controllers did and did not do: the StatefulSet
// controller runs redis, while the Deployment was never observed and has
// no ReplicaSet or pod.
func check(ctx context.Context, e *scenarios.Env) error {
	if err := waitRedis(ctx, e); err != nil {
		return err
	}
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "notification-worker", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if d.Status.ObservedGeneration >= d.Generation {
		return fmt.Errorf("Deployment/%s/%s: observedGeneration %d, generation %d: the controller acted", ns, d.Name, d.Status.ObservedGeneration, d.Generation)
	}
	rs, err := e.Client.AppsV1().ReplicaSets(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=notification-worker"})
	if err != nil {
		return err
	}
	if len(rs.Items) != 0 {
		return fmt.Errorf("Deployment/%s/%s: %d ReplicaSets, want none", ns, d.Name, len(rs.Items))
	}
	return nil
}
