// Package serviceportchanged reproduces a release that moves its listen
// port and leaves the Service behind: web 3.3.0 listens on 3000 (the
// container port named http, which its readiness probe follows, so the
// new pods are Ready), while Service web still sends to targetPort 8080
// by number. Flux applies it and is Ready, the Deployment rolls out two
// Ready pods, and the EndpointSlice controller lists them as ready
// endpoints on 8080, where nothing listens: ingress-nginx logs
// "connect() failed (111: Connection refused) while connecting to
// upstream" and answers 502 for [shop-web-80]. The noise: cart's resolved
// OOM kill and the readiness refusals while the new pods started.
package serviceportchanged

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

// Scenario returns the recorder entry for fixtures/service-port-changed.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "service-port-changed",
		Question:   "web 3.3.0 rolled out and its pods are Ready; why does shop.example.com answer 502?",
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
	if err := shop.Open(ctx, e, "shop: web 3.2.4 behind shop.example.com, cart 1.9.0", v1, "e11c"); err != nil {
		return err
	}
	v2, err := scenarios.Files(desired, scenarios.ShopPath, "web.yaml", "desired/web-v2.yaml")
	if err != nil {
		return err
	}
	if err := shop.Release(ctx, e, "web 3.3.0: listen on 3000", v2); err != nil {
		return err
	}
	var addrs []string
	if err := e.Wait(ctx, "web pods of 3.3.0 only, with addresses", 2*time.Minute, func(ctx context.Context) (bool, error) {
		all, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
		if err != nil {
			return false, err
		}
		addrs = addrs[:0]
		for _, p := range all.Items {
			if p.Spec.Containers[0].Ports[0].ContainerPort != 3000 || p.Status.PodIP == "" || p.DeletionTimestamp != nil {
				return false, nil
			}
			addrs = append(addrs, p.Status.PodIP+":8080")
		}
		return len(all.Items) == 2, nil
	}); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "web", scenarios.Available(2)); err != nil {
		return err
	}
	fresh, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
	if err != nil || len(fresh.Items) == 0 {
		return fmt.Errorf("web 3.3.0 pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &fresh.Items[0], "web", 3000, "/healthz", 2); err != nil {
		return err
	}
	return shop.Refused(e, addrs, []string{"/", "/cart", "/", "/products/4411"}, "f52d")
}

// check asserts what the controllers did: web runs two Ready pods that
// declare port 3000, and Service web lists both as ready endpoints on
// port 8080 (also five seconds later).
func check(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "web", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if d.Status.ReadyReplicas != 2 || d.Spec.Template.Spec.Containers[0].Ports[0].ContainerPort != 3000 {
		return fmt.Errorf("Deployment/%s/web: %d ready, port %d", ns, d.Status.ReadyReplicas, d.Spec.Template.Spec.Containers[0].Ports[0].ContainerPort)
	}
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=web"})
		if err != nil {
			return err
		}
		ready := 0
		for _, s := range slices.Items {
			for _, p := range s.Ports {
				if p.Port == nil || *p.Port != 8080 {
					return fmt.Errorf("Service/%s/web: EndpointSlice %s port %v, want 8080", ns, s.Name, p.Port)
				}
			}
			for _, ep := range s.Endpoints {
				if ep.Conditions.Ready != nil && *ep.Conditions.Ready {
					ready++
				}
			}
		}
		if ready != 2 {
			return fmt.Errorf("Service/%s/web: %d ready endpoints, want 2", ns, ready)
		}
		return nil
	})
}
