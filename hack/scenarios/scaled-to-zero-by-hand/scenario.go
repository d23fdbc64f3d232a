// Package scaledtozerobyhand reproduces a Service left without pods by a
// hand-made scale-down: web's manifest leaves spec.replicas to its
// HorizontalPodAutoscaler (2–6), as it should, and Flux is Ready at the
// last commit. Then someone quiets the shop for a database maintenance
// with `kubectl scale deployment web --replicas=0` (field manager
// kubectl-scale, through the scale subresource) and does not scale it
// back. Since no manager owned spec.replicas, the API server records no
// managedFields entry for that write: the bundle shows that Git did not
// set zero, not who did. The Deployment controller removes both pods, the HPA disables
// itself at zero replicas (ScalingActive=False ScalingDisabled) and does
// not bring it back, Flux has nothing to re-apply (Git declares no replica
// count), and ingress-nginx answers 503 for [shop-web-80]. The noise: a
// resolved OOM kill of cart, the HPA controller's metric warnings (no
// metrics API) and readiness refusals while web first started.
package scaledtozerobyhand

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns    = "shop"
	ingNS = "ingress-nginx"
)

// Scenario returns the recorder entry for fixtures/scaled-to-zero-by-hand.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "scaled-to-zero-by-hand",
		Question:   "nothing was deployed and Flux is Ready; why does shop.example.com answer 503?",
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
	files, err := scenarios.Files(desired, scenarios.ShopPath, "web.yaml", "desired/web.yaml", "cart.yaml", "desired/cart.yaml")
	if err != nil {
		return err
	}
	// The manifest declares no replica count: the Deployment starts at the
	// default of one and the HPA raises it to its minimum of two.
	if err := shop.Open(ctx, e, "shop: web 3.4.1 behind shop.example.com, replicas left to its HPA", files, "c71a"); err != nil {
		return err
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
	if err != nil || len(pods.Items) == 0 {
		return fmt.Errorf("web pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods.Items[0], "web", 8080, "/healthz", 2); err != nil {
		return err
	}

	// kubectl scale deployment web -n shop --replicas=0, as kubectl sends
	// it: a merge patch of the scale subresource under its own field
	// manager.
	if _, err := e.Client.AppsV1().Deployments(ns).Patch(ctx, "web", types.MergePatchType, []byte(`{"spec":{"replicas":0}}`), metav1.PatchOptions{FieldManager: "kubectl-scale"}, "scale"); err != nil {
		return fmt.Errorf("Deployment/%s/web: scale to 0: %w", ns, err)
	}
	if err := e.Wait(ctx, "web without pods", 2*time.Minute, func(ctx context.Context) (bool, error) {
		all, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=web"})
		return err == nil && len(all.Items) == 0, err
	}); err != nil {
		return err
	}
	return shop.Unserved(e, "web", []string{"/", "/products/4411", "/", "/cart"}, "d02b")
}

// check asserts what the controllers did: web is at zero replicas with no
// pod, and no field manager owns spec.replicas; Service web has no
// endpoint (also five seconds later, so the HPA did not bring it back);
// cart keeps its one.
func check(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "web", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if d.Spec.Replicas == nil || *d.Spec.Replicas != 0 || d.Status.Replicas != 0 {
		return fmt.Errorf("Deployment/%s/web: spec.replicas %v, %d pods", ns, d.Spec.Replicas, d.Status.Replicas)
	}
	// Nobody owned spec.replicas before (the manifest leaves it out), and
	// the API server does not start tracking a field through a subresource
	// write then: the scale-down leaves no managedFields entry, as on a
	// real cluster. The bundle cannot say who scaled; it can say that Git
	// did not.
	for _, mf := range d.ManagedFields {
		if mf.FieldsV1 != nil && strings.Contains(string(mf.FieldsV1.Raw), `"f:replicas"`) && mf.Subresource != "status" {
			return fmt.Errorf("Deployment/%s/web: %s/%s/%s owns spec.replicas", ns, mf.Manager, mf.Operation, mf.Subresource)
		}
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
