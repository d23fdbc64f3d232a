// Package ingresspodlabelsnoendpoints reproduces a release that serves
// nothing through its Ingress: the web 3.3.0 commit renames the pods'
// tier label (frontend → storefront), which the Deployment's selector
// (app: web) allows, but Service web still selects tier: frontend. Flux
// applies it and is Ready, the new pods are Ready, and the EndpointSlice
// controller leaves Service web empty; ingress-nginx answers 503 for
// [shop-web-80] and warns that the Service has no active endpoint. The
// noise is loud: readiness refusals while the new pods started, cart
// OOM-killed and Ready again, and the HPA controller's metric warnings
// (no metrics API).
package ingresspodlabelsnoendpoints

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
	ns    = "shop"
	ingNS = "ingress-nginx"
)

// Scenario returns the recorder entry for
// fixtures/ingress-pod-labels-no-endpoints.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "ingress-pod-labels-no-endpoints",
		Question:   "web 3.3.0 rolled out and every pod is Ready; why does shop.example.com answer 503?",
		Namespaces: []string{ns, ingNS},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ingNS, Container: "controller"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	controller, err := desired.ReadFile("desired/ingress-nginx.yaml")
	if err != nil {
		return err
	}
	shop := scenarios.Shop(controller)
	v1, err := scenarios.Files(desired, scenarios.ShopPath, "web.yaml", "desired/web-v1.yaml", "cart.yaml", "desired/cart.yaml")
	if err != nil {
		return err
	}
	if err := shop.Open(ctx, e, "shop: web 3.2.4 behind shop.example.com, cart 1.9.0", v1, "a41c"); err != nil {
		return err
	}
	v2, err := scenarios.Files(desired, scenarios.ShopPath, "web.yaml", "desired/web-v2.yaml")
	if err != nil {
		return err
	}
	if err := shop.Release(ctx, e, "web 3.3.0: label pods tier=storefront", v2); err != nil {
		return err
	}
	if err := e.Wait(ctx, "web pods on tier=storefront only", 2*time.Minute, func(ctx context.Context) (bool, error) {
		all, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
		if err != nil {
			return false, err
		}
		for _, p := range all.Items {
			if p.Labels["tier"] != "storefront" || p.Status.PodIP == "" {
				return false, nil
			}
		}
		return len(all.Items) == 2, nil
	}); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "web", scenarios.Available(2)); err != nil {
		return err
	}
	fresh, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "tier=storefront"})
	if err != nil || len(fresh.Items) == 0 {
		return fmt.Errorf("web 3.3.0 pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &fresh.Items[0], "web", 8080, "/healthz", 2); err != nil {
		return err
	}
	return shop.Unserved(e, "web", []string{"/", "/cart", "/", "/products/4411"}, "b93e")
}

// check asserts what the controllers did: web runs two Ready pods labelled
// tier=storefront, Service web has no endpoint (also five seconds later),
// cart keeps its one.
func check(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "web", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if d.Status.ReadyReplicas != 2 || d.Spec.Template.Labels["tier"] != "storefront" {
		return fmt.Errorf("Deployment/%s/web: %d ready, tier %q", ns, d.Status.ReadyReplicas, d.Spec.Template.Labels["tier"])
	}
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		for svc, want := range map[string]int{"web": 0, "cart": 1} {
			if got, err := scenarios.ReadyEndpoints(ctx, e, ns, svc); err != nil || got != want {
				return fmt.Errorf("Service/%s/%s: %d ready endpoints (%v), want %d", ns, svc, got, err, want)
			}
		}
		return nil
	})
}
