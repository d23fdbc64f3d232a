// Package imagepullfailed reproduces a release whose image tag was never
// pushed: Git moves invoice-api from 4.7.2 to 4.8.0, Flux applies it, the
// Deployment controller surges one pod of the new ReplicaSet, and the
// kubelet cannot pull the tag (ErrImagePull, then ImagePullBackOff). The
// three old pods keep serving, so the rollout hangs without an outage.
package imagepullfailed

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
	ns       = "billing"
	gitPath  = "clusters/prod/billing"
	oldImage = "registry.example.com/billing/invoice-api:4.7.2"
	badImage = "registry.example.com/billing/invoice-api:4.8.0"
	selector = "app.kubernetes.io/name=invoice-api"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "billing", URL: "ssh://git@git.example.com/finance/billing-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/image-pull-failed.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(badImage)
	return scenarios.Scenario{
		Name:       "image-pull-failed",
		Question:   "why is the invoice-api 4.8.0 rollout not progressing?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "ip-10-20-1-17", "ip-10-20-2-41"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "invoice-api.yaml", "desired/invoice-api-4.7.2.yaml",
		"pdf-renderer.yaml", "desired/pdf-renderer.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "billing: invoice-api 4.7.2 and pdf-renderer", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "invoice-api", scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "pdf-renderer", scenarios.Available(2)); err != nil {
		return err
	}
	// Noise: pdf-renderer refused its first readiness probes while
	// Chromium started, and has been Ready since.
	renderers, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=pdf-renderer", "registry.example.com/billing/pdf-renderer:1.12.0")
	if err != nil || len(renderers) == 0 {
		return fmt.Errorf("pdf-renderer pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &renderers[0], "pdf-renderer", 3000, "/healthz", 3); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	bump, err := scenarios.Files(desired, gitPath, "invoice-api.yaml", "desired/invoice-api-4.8.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "billing: release invoice-api 4.8.0", time.Now(), bump); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	// maxSurge 25% of 3 rounds up to one new pod, maxUnavailable rounds
	// down to none: one pod of 4.8.0, the three old ones stay.
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, badImage, 1)
	if err != nil {
		return err
	}
	// The kubelet pulls at once, then after 10s of back-off: let that
	// time pass so the events' counts fit their timestamps.
	created := pods[0].CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(15 * time.Second)))
	return e.ImagePullBackOff(ctx, ns, pods[0].Name, scenarios.ImagePull{
		Container: "invoice-api", Image: badImage, Err: scenarios.ContainerdNotFound(badImage),
		Pulls: 2, BackOffs: 3, First: created.Add(time.Second),
	})
}

// check asserts what the controllers did: the Deployment keeps three
// available 4.7.2 pods and one unavailable 4.8.0 pod, still, five seconds
// later, and that pod waits in ImagePullBackOff.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "invoice-api", metav1.GetOptions{})
		if err != nil {
			return err
		}
		s := d.Status
		if s.AvailableReplicas != 3 || s.UpdatedReplicas != 1 || s.Replicas != 4 || s.UnavailableReplicas != 1 {
			return fmt.Errorf("Deployment/%s/invoice-api: want 3 available, 1 updated, 4 replicas, got %+v", ns, s)
		}
		if !progressing(d) {
			return fmt.Errorf("Deployment/%s/invoice-api: want Progressing with a new ReplicaSet, got %+v", ns, s.Conditions)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, badImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/invoice-api: %d pods of 4.8.0, want 1 (%v)", ns, len(pods), err)
		}
		w := pods[0].Status.ContainerStatuses[0].State.Waiting
		if w == nil || w.Reason != "ImagePullBackOff" {
			return fmt.Errorf("Pod/%s/%s: want waiting ImagePullBackOff, got %+v", ns, pods[0].Name, pods[0].Status.ContainerStatuses[0].State)
		}
		old, err := e.PodsWithImage(ctx, ns, selector, oldImage)
		if err != nil || len(old) != 3 {
			return fmt.Errorf("Deployment/%s/invoice-api: %d pods of 4.7.2, want 3 (%v)", ns, len(old), err)
		}
		return nil
	})
}

func progressing(d *appsv1.Deployment) bool {
	for _, c := range d.Status.Conditions {
		if c.Type == appsv1.DeploymentProgressing {
			return c.Status == "True"
		}
	}
	return false
}
