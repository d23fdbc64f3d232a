// Package servicetargetportrenamed reproduces a port renamed under a
// Service: checkout 1.9.0's commit renames its container port from "http"
// to "web" (a chart-style cleanup), while the checkout Service, unchanged,
// still targets the port by name (targetPort: http). The rollout completes
// and both new pods are Ready, but the endpoint controller cannot resolve
// "http" on them: the Service's EndpointSlice lists them without a port,
// which routes nothing, so every request to checkout fails although every
// workload looks healthy.
package servicetargetportrenamed

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "shop"
	gitPath  = "apps/shop"
	newImage = "registry.example.com/shop/checkout:1.9.0"
	selector = "app.kubernetes.io/name=checkout"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "https://git.example.com/acme/shop-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/service-targetport-renamed.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "service-targetport-renamed",
		Question:   "checkout 1.9.0 rolled out and its pods are Ready, but every request to the checkout Service fails; why?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-1-1-21.ec2.internal", "ip-10-1-2-34.ec2.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-1.8.0.yaml", "service.yaml", "desired/service.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "shop: checkout 1.8.0", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "checkout", scenarios.Available(2)); err != nil {
		return err
	}
	if err := waitEndpoints(ctx, e, 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-1.9.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "checkout 1.9.0: name the container port web", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "checkout 1.9.0 rolled out", 2*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil {
			return false, err
		}
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "checkout", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		s := d.Status
		return len(pods) == 2 && s.UpdatedReplicas == 2 && s.AvailableReplicas == 2 && s.Replicas == 2, nil
	}); err != nil {
		return err
	}
	return waitEndpoints(ctx, e, 0)
}

// waitEndpoints waits until the Service's EndpointSlices list n endpoints
// with a port (the endpoint controller lists a pod whose named port it
// cannot resolve in a slice without ports, which routes nothing).
func waitEndpoints(ctx context.Context, e *scenarios.Env, n int) error {
	return e.Wait(ctx, fmt.Sprintf("Service/%s/checkout with %d endpoints", ns, n), 2*time.Minute, func(ctx context.Context) (bool, error) {
		slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=checkout"})
		if err != nil {
			return false, err
		}
		got := 0
		for _, s := range slices.Items {
			if len(s.Ports) > 0 {
				got += len(s.Endpoints)
			}
		}
		return len(slices.Items) > 0 && got == n, nil
	})
}

// check asserts what the controllers did: two Ready 1.9.0 pods and no
// endpoint with a port for the Service, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("Deployment/%s/checkout: %d pods of 1.9.0, want 2 (%v)", ns, len(pods), err)
		}
		for _, p := range pods {
			ready := false
			for _, c := range p.Status.Conditions {
				ready = ready || c.Type == "Ready" && c.Status == "True"
			}
			if !ready {
				return fmt.Errorf("Pod/%s/%s is not Ready", ns, p.Name)
			}
		}
		slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=checkout"})
		if err != nil {
			return err
		}
		for _, s := range slices.Items {
			if len(s.Endpoints) > 0 && len(s.Ports) > 0 {
				return fmt.Errorf("EndpointSlice/%s/%s routes %d endpoints on %d ports, want none", ns, s.Name, len(s.Endpoints), len(s.Ports))
			}
		}
		return nil
	})
}
