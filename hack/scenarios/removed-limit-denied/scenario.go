// Package removedlimitdenied reproduces a field that Git removed and the
// cluster kept: transcoder was OOM-killed on 4K inputs, so the media team
// deleted its memory limit in Git ("let the node's memory be the limit").
// The platform's ValidatingAdmissionPolicy require-memory-limits denies
// workloads without one in production namespaces, so kustomize-controller's
// server-side dry-run of the revision is denied and nothing of it is
// applied. The live Deployment keeps resources.limits.memory: 512Mi, still
// owned by kustomize-controller in managedFields from the previous apply;
// the rendered manifest no longer declares it. An earlier OOM kill of a
// transcoder pod (Ready since), the HorizontalPodAutoscaler's metric
// warnings and readiness refusals of starting pods are noise.
package removedlimitdenied

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

//go:embed policy.yaml
var policy []byte

const (
	ns      = "media"
	gitPath = "deploy/media"
	image   = "registry.gitlab.example.com/media/transcoder:2.8.0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "media", URL: "https://gitlab.example.com/media/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/removed-limit-denied.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "removed-limit-denied",
		Question:   "we deleted transcoder's memory limit in Git after the OOM kills; why is it still capped at 512Mi?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "16", "64Gi", "gke-media-prod-pool-2-a1b2", "gke-media-prod-pool-2-c3d4"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, flux.Namespace); err != nil {
		return err
	}
	nsObj := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1", "kind": "Namespace",
		"metadata": map[string]any{"name": ns, "labels": map[string]any{"policy.example.net/tier": "production"}},
	}}
	if _, err := e.ApplyObject(ctx, nsObj, "kubectl"); err != nil {
		return err
	}
	if _, err := e.Apply(ctx, policy, scenarios.ApplyOptions{FieldManager: "kubectl"}); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "transcoder.yaml", "desired/transcoder-limited.yaml", "thumbnailer.yaml", "desired/thumbnailer.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "media: transcoder 2.8.0, thumbnailer 1.3.2", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "transcoder", scenarios.Available(2)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "thumbnailer", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=transcoder", image)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("transcoder pods: %d (%v)", len(pods), err)
	}
	if err := e.OOMKilledOnce(ctx, ns, pods[0].Name, 15*time.Second); err != nil {
		return err
	}
	if err := e.StartupRefusals(ctx, &pods[1], "transcoder", 8080, "/healthz", 2); err != nil {
		return err
	}
	if err := e.WaitEvent(ctx, "HorizontalPodAutoscaler", ns, "thumbnailer", "FailedGetResourceMetric", 2*time.Minute); err != nil {
		return err
	}

	v2, err := scenarios.Files(desired, gitPath, "transcoder.yaml", "desired/transcoder-unlimited.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "transcoder: drop the memory limit, 4K inputs get OOM-killed", time.Now(), v2); err != nil {
		return err
	}
	if err := e.StoreArtifact(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	var denied string
	err = e.Wait(ctx, "the policy to deny Deployment/media/transcoder", time.Minute, func(ctx context.Context) (bool, error) {
		msg, err := e.DryRunFlux(ctx, flux)
		if err != nil {
			return false, err
		}
		denied = msg
		return strings.Contains(msg, "ValidatingAdmissionPolicy"), fmt.Errorf("dry-run gave %q, want the policy's denial", msg)
	})
	if err != nil {
		return err
	}
	return e.KustomizationFailed(ctx, flux, e.Git.Revision(sha), "ReconciliationFailed", denied, time.Now())
}

// check asserts that the removal never landed: transcoder keeps its
// 512Mi limit on two available replicas (also three seconds later).
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "transcoder", metav1.GetOptions{})
		if err != nil {
			return err
		}
		lim := d.Spec.Template.Spec.Containers[0].Resources.Limits.Memory().String()
		if lim != "512Mi" || d.Status.AvailableReplicas != 2 {
			return fmt.Errorf("Deployment/%s/transcoder: want the 512Mi limit on 2 available replicas, got %q, %d", ns, lim, d.Status.AvailableReplicas)
		}
		return nil
	})
}
