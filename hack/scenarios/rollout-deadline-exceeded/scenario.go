// Package rolloutdeadlineexceeded reproduces a rollout that stopped: the
// checkout 7.2.0-rc.1 commit names a tag the registry does not have. With
// maxUnavailable 0 the Deployment controller keeps both 7.1.3 pods and
// waits for the surge pod, which the kubelet cannot pull
// (ImagePullBackOff); after progressDeadlineSeconds (20) the controller
// reports Progressing=False ProgressDeadlineExceeded and does nothing
// else. Nothing moves without a change: blocked, not progressing. The
// noise: the HPA controller's metric warnings, checkout's readiness
// refusals while it started, and ledger's resolved OOM kill.
package rolloutdeadlineexceeded

import (
	"context"
	"embed"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "payments"
	gitPath  = "apps/payments"
	badImage = "registry.example.com/payments/checkout:7.2.0-rc.1"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "payments", URL: "https://git.example.com/payments/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/rollout-deadline-exceeded.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(badImage)
	return scenarios.Scenario{
		Name:       "rollout-deadline-exceeded",
		Question:   "checkout 7.2.0-rc.1 was applied; why is the rollout not moving?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
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
	v1, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-v1.yaml", "ledger.yaml", "desired/ledger.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "payments: checkout 7.1.3, ledger 3.0.8", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	for name, n := range map[string]int32{"checkout": 2, "ledger": 1} {
		if err := e.WaitDeployment(ctx, ns, name, scenarios.Available(n)); err != nil {
			return err
		}
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=checkout"})
	if err != nil || len(pods.Items) != 2 {
		return fmt.Errorf("checkout pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods.Items[0], "checkout", 8080, "/healthz", 2); err != nil {
		return err
	}
	ledger, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=ledger"})
	if err != nil || len(ledger.Items) != 1 {
		return fmt.Errorf("ledger pods: %v", err)
	}
	if err := e.ResolvedOOM(ctx, ns, ledger.Items[0].Name, "ledger"); err != nil {
		return err
	}

	v2, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-v2.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "checkout 7.2.0-rc.1: new payment provider client", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	created, err := e.WaitCreatedOnNode(ctx, ns, "app=checkout", badImage, 1)
	if err != nil {
		return err
	}
	at := created[0].CreationTimestamp.Time
	time.Sleep(time.Until(at.Add(12 * time.Second)))
	if err := e.ImagePullBackOff(ctx, ns, created[0].Name, scenarios.ImagePull{
		Container: "checkout", Image: badImage, Err: scenarios.ContainerdNotFound(badImage),
		Pulls: 2, BackOffs: 2, First: at.Add(time.Second),
	}); err != nil {
		return err
	}
	return e.WaitDeployment(ctx, ns, "checkout", deadlineExceeded)
}

func deadlineExceeded(s appsv1.DeploymentStatus) bool {
	for _, c := range s.Conditions {
		if c.Type == appsv1.DeploymentProgressing && c.Status == "False" && c.Reason == "ProgressDeadlineExceeded" {
			return true
		}
	}
	return false
}

// check asserts what the controllers did: the Deployment reports
// ProgressDeadlineExceeded, both 7.1.3 pods still serve and the surge pod
// waits in ImagePullBackOff, also five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "checkout", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if !deadlineExceeded(d.Status) || d.Status.AvailableReplicas != 2 || d.Status.UpdatedReplicas != 1 {
			return fmt.Errorf("Deployment/%s/checkout: available %d, updated %d, conditions %+v", ns, d.Status.AvailableReplicas, d.Status.UpdatedReplicas, d.Status.Conditions)
		}
		pods, err := e.PodsWithImage(ctx, ns, "app=checkout", badImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("checkout 7.2.0-rc.1 pods: %d (%v)", len(pods), err)
		}
		if w := pods[0].Status.ContainerStatuses; len(w) == 0 || w[0].State.Waiting == nil || w[0].State.Waiting.Reason != "ImagePullBackOff" {
			return fmt.Errorf("Pod/%s/%s: not in ImagePullBackOff", ns, pods[0].Name)
		}
		return nil
	})
}
