// Package helmchartversionmissing reproduces a HelmRelease whose chart
// version was never published: Git moves payments-api's chart from 1.4.0
// to 1.5.0 before the chart pipeline pushed 1.5.0 to the Helm repository.
// Flux applies the HelmRelease; source-controller cannot resolve the
// version ("invalid chart reference: failed to get chart version for
// remote reference: no 'payments-api' chart with version matching '1.5.0'
// found") and keeps the 1.4.0 artifact, and helm-controller reports the
// HelmRelease not ready (ArtifactFailed). The repository answers, its
// credentials work and the 1.4.0 release keeps running: the version named
// in Git is what does not exist.
package helmchartversionmissing

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml chart/*.yaml
var files embed.FS

const (
	ns      = "payments"
	gitPath = "clusters/prod/payments"
	image   = "registry.example.com/payments/payments-api:1.4.0"
	missing = "invalid chart reference: failed to get chart version for remote reference: no 'payments-api' chart with version matching '1.5.0' found"
)

var (
	flux = scenarios.FluxSync{
		Namespace: "flux-system", Name: "payments", URL: "https://git.example.com/fin/payments-gitops.git",
		Path: "./" + gitPath, TargetNamespace: ns,
	}
	helm = scenarios.HelmSync{Namespace: ns, Name: "payments-api", Chart: "payments-api", RepoNamespace: ns, Repo: "platform-charts"}
)

// Scenario returns the recorder entry for fixtures/helm-chart-version-missing.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "helm-chart-version-missing",
		Question:   "after the payments-api chart bump to 1.5.0 the HelmRelease is not ready; why?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-42-3-18.eu-west-1.compute.internal", "ip-10-42-4-77.eu-west-1.compute.internal"); err != nil {
		return err
	}
	v1, err := scenarios.Files(files, gitPath, "helmrelease.yaml", "desired/helmrelease-1.4.0.yaml",
		"helmrepository.yaml", "desired/helmrepository.yaml")
	if err != nil {
		return err
	}
	m, err := files.ReadFile("chart/payments-api-1.4.0.yaml")
	if err != nil {
		return err
	}
	if _, err := e.HelmInstall(ctx, flux, helm, "payments: payments-api chart 1.4.0", v1, "1.4.0", m, 2); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	bump, err := scenarios.Files(files, gitPath, "helmrelease.yaml", "desired/helmrelease-1.5.0.yaml")
	if err != nil {
		return err
	}
	applied, err := e.Ship(ctx, flux, "payments: payments-api chart 1.5.0", bump)
	if err != nil {
		return err
	}
	return e.HelmChartFailed(ctx, helm, "1.5.0", "1.4.0", "InvalidChartReference", missing, applied.Add(2*time.Second))
}

// check asserts the state left: the HelmRelease asks for 1.5.0 and is not
// ready, the HelmChart cannot resolve it, and the 1.4.0 pods serve.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.WaitDeployment(ctx, ns, "payments-api", scenarios.Available(2)); err != nil {
			return err
		}
		pods, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=payments-api", image)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("Deployment/%s/payments-api: %d pods of 1.4.0, want 2 (%v)", ns, len(pods), err)
		}
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "payments-api", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if img := d.Spec.Template.Spec.Containers[0].Image; img != image {
			return fmt.Errorf("Deployment/%s/payments-api: image %s, want %s", ns, img, image)
		}
		return nil
	})
}
