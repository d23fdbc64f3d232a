// Package healthchecktimeout reproduces a Flux Kustomization whose health
// check times out because the release it applied crashes: Git moves
// order-router from 2.4.0 to 2.5.0, kustomize-controller (spec.wait,
// timeout 1m) applies it, the Deployment controller surges one pod of the
// new ReplicaSet, and 2.5.0 exits at every start because it now requires
// ORDER_DB_DSN, which the manifest does not set (CrashLoopBackOff). The two
// 2.4.0 pods keep serving. After a minute the health check gives up:
// Ready=False HealthCheckFailed naming the Deployment, and
// lastAppliedRevision stays at 2.4.0's commit although 2.5.0 is applied.
package healthchecktimeout

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
	gitPath  = "apps/orders"
	oldImage = "registry.example.com/orders/order-router:2.4.0"
	newImage = "registry.example.com/orders/order-router:2.5.0"
	selector = "app.kubernetes.io/name=order-router"
	timeout  = time.Minute
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "orders", URL: "https://git.example.com/shop/orders-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns, Timeout: "1m",
}

// Scenario returns the recorder entry for fixtures/health-check-timeout.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(newImage)
	return scenarios.Scenario{
		Name:       "health-check-timeout",
		Question:   "Flux says the orders Kustomization failed its health check and 2.4.0 is the last applied revision; what is wrong with order-router 2.5.0?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "aks-orders-31415926-vmss000000", "aks-orders-31415926-vmss000001"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "order-router.yaml", "desired/order-router-2.4.0.yaml",
		"checkout.yaml", "desired/checkout.yaml")
	if err != nil {
		return err
	}
	good, err := e.Git.Commit(ctx, "orders: order-router 2.4.0 and checkout", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, good, time.Now()); err != nil {
		return err
	}
	for _, d := range []string{"order-router", "checkout"} {
		if err := e.WaitDeployment(ctx, ns, d, scenarios.Available(2)); err != nil {
			return err
		}
	}

	time.Sleep(2 * time.Second)
	bump, err := scenarios.Files(desired, gitPath, "order-router.yaml", "desired/order-router-2.5.0.yaml")
	if err != nil {
		return err
	}
	bad, err := e.Git.Commit(ctx, "orders: release order-router 2.5.0", time.Now(), bump)
	if err != nil {
		return err
	}
	applied := time.Now()
	if err := e.Reconcile(ctx, flux, bad, applied); err != nil {
		return err
	}
	// maxSurge 25% of 2 rounds up to one new pod, maxUnavailable rounds
	// down to none: one pod of 2.5.0, the two old ones stay.
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	if err := crash(ctx, e, &pods[0]); err != nil {
		return err
	}
	// The health check polls until spec.timeout, then gives up.
	failed := applied.Add(timeout)
	time.Sleep(time.Until(failed.Add(time.Second)))
	return e.HealthCheckFailed(ctx, flux, good, bad, []string{"Deployment/" + ns + "/order-router"}, applied, failed)
}

// crash plays the kubelet for the 2.5.0 pod: the container starts, exits 1
// within half a second, and is restarted after 10s and 20s of back-off;
// it then waits 40s. The scenario waits for that so counts and timestamps
// agree.
func crash(ctx context.Context, e *scenarios.Env, p *corev1.Pod) error {
	created := p.CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(34 * time.Second)))
	cur, err := e.Client.CoreV1().Pods(ns).Get(ctx, p.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	// kwok leaves a held pod Pending; a crash-looping container's pod is
	// Running.
	started := created.Add(2 * time.Second)
	cur.Status.Phase = corev1.PodRunning
	cur.Status.StartTime = &metav1.Time{Time: started}
	if _, err := e.Client.CoreV1().Pods(ns).UpdateStatus(ctx, cur, metav1.UpdateOptions{FieldManager: "kubelet"}); err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", ns, p.Name, err)
	}
	lastStart := started.Add(31 * time.Second)
	return e.CrashLoopBackOff(ctx, ns, p.Name, scenarios.CrashLoop{
		Container: "router", Reason: "Error", ExitCode: 1, Restarts: 3,
		LastStart: lastStart, LastFinish: lastStart.Add(450 * time.Millisecond),
		FirstBackOff: started.Add(time.Second), BackOffs: 4, Backoff: 40 * time.Second,
	})
}

// check asserts what the controllers did: the Deployment keeps two
// available 2.4.0 pods and one unavailable 2.5.0 pod in CrashLoopBackOff,
// still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "order-router", metav1.GetOptions{})
		if err != nil {
			return err
		}
		s := d.Status
		if s.AvailableReplicas != 2 || s.UpdatedReplicas != 1 || s.Replicas != 3 {
			return fmt.Errorf("Deployment/%s/order-router: want 2 available, 1 updated, 3 replicas, got %+v", ns, s)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/order-router: %d pods of 2.5.0, want 1 (%v)", ns, len(pods), err)
		}
		w := pods[0].Status.ContainerStatuses[0].State.Waiting
		if w == nil || w.Reason != "CrashLoopBackOff" {
			return fmt.Errorf("Pod/%s/%s: want waiting CrashLoopBackOff, got %+v", ns, pods[0].Name, pods[0].Status.ContainerStatuses[0].State)
		}
		old, err := e.PodsWithImage(ctx, ns, selector, oldImage)
		if err != nil || len(old) != 2 {
			return fmt.Errorf("Deployment/%s/order-router: %d pods of 2.4.0, want 2 (%v)", ns, len(old), err)
		}
		return nil
	})
}
