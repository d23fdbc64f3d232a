// Package healthygitops is the false-positive control: everything has
// converged. Flux applied the latest commit (stock-api 3.1.0 to 3.2.0), the
// Deployment controller finished the rollout, every pod is Ready and every
// Service has endpoints. What is left are old, resolved warnings: readiness
// refusals while containers started.
package healthygitops

import (
	"context"
	"embed"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "warehouse"
	gitPath  = "deploy/warehouse"
	newImage = "registry.example.com/warehouse/stock-api:3.2.0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "warehouse", URL: "https://git.example.com/logistics/warehouse-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/healthy-gitops.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "healthy-gitops",
		Question:   "is anything wrong in warehouse after the stock-api 3.2.0 release?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "aks-system-31415926-vmss000000", "aks-system-31415926-vmss000001"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "stock-api.yaml", "desired/stock-api-3.1.0.yaml",
		"picking-ui.yaml", "desired/picking-ui.yaml", "settings.yaml", "desired/settings.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "warehouse: stock-api, picking-ui and settings", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "picking-ui", scenarios.Available(2)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "stock-api", scenarios.Available(3)); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	release, err := scenarios.Files(desired, gitPath, "stock-api.yaml", "desired/stock-api-3.2.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "warehouse: stock-api 3.2.0", time.Now(), release); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "stock-api", scenarios.Available(3)); err != nil {
		return err
	}
	// Converged means the 3.1.0 pods are gone too, not only terminating.
	if err := e.Wait(ctx, "stock-api 3.1.0 pods gone", 2*time.Minute, func(ctx context.Context) (bool, error) {
		old, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=stock-api", "registry.example.com/warehouse/stock-api:3.1.0")
		return err == nil && len(old) == 0, fmt.Errorf("%d old pods (%v)", len(old), err)
	}); err != nil {
		return err
	}
	return noise(ctx, e)
}

// noise is what every healthy namespace carries: the first readiness
// probes of a new stock-api pod and of a picking-ui pod were refused while
// they started; both have been Ready since.
func noise(ctx context.Context, e *scenarios.Env) error {
	api, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=stock-api", newImage)
	if err != nil || len(api) != 3 {
		return fmt.Errorf("stock-api 3.2.0 pods: %d (%v)", len(api), err)
	}
	if err := e.StartupRefusals(ctx, &api[0], "stock-api", 8080, "/ready", 2); err != nil {
		return err
	}
	ui, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=picking-ui", "registry.example.com/warehouse/picking-ui:0.19.4")
	if err != nil || len(ui) == 0 {
		return fmt.Errorf("picking-ui pods: %v", err)
	}
	return e.StartupRefusals(ctx, &ui[0], "picking-ui", 80, "/index.html", 1)
}

// check asserts convergence: both Deployments complete on their latest
// generation and every Service has ready endpoints from the EndpointSlice
// controller.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		for name, n := range map[string]int32{"stock-api": 3, "picking-ui": 2} {
			d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			if d.Status.ObservedGeneration != d.Generation || !scenarios.Available(n)(d.Status) || !complete(d) {
				return fmt.Errorf("Deployment/%s/%s: not converged: %+v", ns, name, d.Status)
			}
			slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=" + name})
			if err != nil {
				return err
			}
			ready := 0
			for _, s := range slices.Items {
				for _, ep := range s.Endpoints {
					if ep.Conditions.Ready != nil && *ep.Conditions.Ready {
						ready++
					}
				}
			}
			if ready != int(n) {
				return fmt.Errorf("Service/%s/%s: %d ready endpoints, want %d", ns, name, ready, n)
			}
		}
		return nil
	})
}

func complete(d *appsv1.Deployment) bool {
	for _, c := range d.Status.Conditions {
		if c.Type == appsv1.DeploymentProgressing {
			return c.Reason == "NewReplicaSetAvailable"
		}
	}
	return false
}
