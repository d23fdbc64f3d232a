// Package ingressannotationrejected reproduces a load balancer change that
// its controller refuses: the shop team adds HTTPS to the web Ingress in
// Git, with a listen-ports annotation whose JSON lacks its closing
// bracket. Flux applies it; the API server stores annotations as strings,
// so nothing refuses it there. The AWS Load Balancer Controller cannot
// build its model from the Ingress ("Failed build model due to ingress:
// shop/web: failed to parse json annotation, ...: unexpected end of JSON
// input") and leaves the ALB as it was: HTTP only, the address unchanged.
// Every pod and Service is healthy; the admin Ingress, reconciled by the
// same controller, is a healthy neighbour.
package ingressannotationrejected

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns        = "shop"
	gitPath   = "apps/shop"
	component = "ingress" // the AWS Load Balancer Controller's event source
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "https://git.example.com/shop/shop-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/ingress-annotation-rejected.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "ingress-annotation-rejected",
		Question:   "we added HTTPS to the web Ingress and Flux applied it; why does https://shop.example.com not answer?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func ingressRef(name string) scenarios.ObjectRef {
	return scenarios.ObjectRef{APIVersion: "networking.k8s.io/v1", Kind: "Ingress", Namespace: ns, Name: name}
}

// provisioned is what the controller writes once it built the ALB: the
// address, and its Normal event.
func provisioned(ctx context.Context, e *scenarios.Env, name, hostname string, at time.Time) error {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "networking.k8s.io/v1", "kind": "Ingress",
		"metadata": map[string]any{"name": name, "namespace": ns},
		"status":   map[string]any{"loadBalancer": map[string]any{"ingress": []any{map[string]any{"hostname": hostname}}}},
	}}
	if err := e.ApplyStatus(ctx, u, "aws-load-balancer-controller"); err != nil {
		return err
	}
	return e.ControllerEvent(ctx, ingressRef(name), component, "Normal", "SuccessfullyReconciled", "Successfully reconciled", 1, at, at)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-30-8-61.eu-west-1.compute.internal", "ip-10-30-40-12.eu-west-1.compute.internal"); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "web.yaml", "desired/web.yaml", "ingress-web.yaml", "desired/ingress-web-http.yaml")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "shop: web 7.4.1 and admin behind ALBs", v1,
		scenarios.Deployment{Name: "web", Available: 2}, scenarios.Deployment{Name: "admin", Available: 1}); err != nil {
		return err
	}
	now := time.Now()
	if err := provisioned(ctx, e, "web", "k8s-shop-web-5e1c7a9b2d-1876543210.eu-west-1.elb.amazonaws.com", now); err != nil {
		return err
	}
	if err := provisioned(ctx, e, "admin", "internal-k8s-shop-admin-0a4f3d2c1b-987654321.eu-west-1.elb.amazonaws.com", now); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "ingress-web.yaml", "desired/ingress-web-https.yaml")
	if err != nil {
		return err
	}
	applied, err := e.Ship(ctx, flux, "shop: serve web over HTTPS", v2)
	if err != nil {
		return err
	}
	// The controller reconciles at once and retries with back-off.
	time.Sleep(12 * time.Second)
	msg := `Failed build model due to ingress: shop/web: failed to parse json annotation, alb.ingress.kubernetes.io/listen-ports: [{"HTTP": 80}, {"HTTPS": 443}: unexpected end of JSON input`
	return e.ControllerEvent(ctx, ingressRef("web"), component, "Warning", "FailedBuildModel", msg, 5, applied.Add(time.Second), time.Now())
}

// check asserts the state the controllers left: web and admin available,
// the web Ingress carrying the new annotation and still the address the
// controller gave it before.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		for _, d := range []struct {
			name string
			n    int32
		}{{"web", 2}, {"admin", 1}} {
			if err := e.WaitDeployment(ctx, ns, d.name, scenarios.Available(d.n)); err != nil {
				return err
			}
		}
		ing, err := e.Client.NetworkingV1().Ingresses(ns).Get(ctx, "web", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if ing.Annotations["alb.ingress.kubernetes.io/listen-ports"] == "" || len(ing.Status.LoadBalancer.Ingress) != 1 {
			return fmt.Errorf("Ingress/%s/web: want the listen-ports annotation and one address, got %v, %+v", ns, ing.Annotations, ing.Status.LoadBalancer)
		}
		return nil
	})
}
