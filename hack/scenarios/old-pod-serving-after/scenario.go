// Package oldpodservingafter records "the Kustomization applied, but an
// old pod still serves" as a before/after pair. During an incident someone
// ran a hand-made storefront-hotfix Deployment (3.4.1-hotfix.1) carrying
// the app label, so the storefront Service routes to it too; that is the
// baseline (fixtures/old-pod-serving-after/before). Then Git releases the
// real fix, storefront 3.5.0, Flux applies it and the Deployment
// controller rolls all three replicas over: Flux is Ready and storefront
// is fully rolled out, yet the Service still sends traffic to the hotfix
// pod, which no reconciler manages. rift verify fails on both halves.
package oldpodservingafter

import (
	"context"
	"embed"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	name     = "old-pod-serving-after"
	ns       = "shop"
	gitPath  = "apps/shop"
	selector = "app.kubernetes.io/name=storefront"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "ssh://git@git.example.com/shop/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/old-pod-serving-after.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       name,
		Question:   "storefront 3.5.0 is rolled out and Flux is Ready: does anything old still serve?",
		Namespaces: []string{ns},
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
	if err := release(ctx, e, "shop: storefront 3.4.0 behind its Service", "desired/storefront-3.4.0.yaml", 1); err != nil {
		return err
	}
	if err := hotfix(ctx, e); err != nil {
		return err
	}
	if err := e.Baseline(ctx, []string{ns}, name); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	return release(ctx, e, "shop: release storefront 3.5.0", "desired/storefront-3.5.0.yaml", 2)
}

// hotfix is the hand-made Deployment: kubectl create, not Git, with the
// storefront app label on its pods, so the Service selects them.
func hotfix(ctx context.Context, e *scenarios.Env) error {
	labels := map[string]string{"app.kubernetes.io/name": "storefront", "track": "hotfix"}
	one := int32(1)
	d := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "storefront-hotfix", Namespace: ns, Labels: map[string]string{"app": "storefront-hotfix"}},
		Spec: appsv1.DeploymentSpec{
			Replicas: &one,
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{
					Name: "storefront", Image: "registry.example.com/shop/storefront:3.4.1-hotfix.1",
					Ports: []corev1.ContainerPort{{Name: "http", ContainerPort: 8080}},
				}}},
			},
		},
	}
	if _, err := e.Client.AppsV1().Deployments(ns).Create(ctx, d, metav1.CreateOptions{FieldManager: "kubectl-create"}); err != nil {
		return fmt.Errorf("Deployment/%s/storefront-hotfix: %w", ns, err)
	}
	return e.WaitDeployment(ctx, ns, "storefront-hotfix", scenarios.Available(1))
}

// release commits the Deployment and Service, lets Flux apply them and
// waits until storefront's rollout is complete at generation gen.
func release(ctx context.Context, e *scenarios.Env, msg, deployment string, gen int64) error {
	files, err := scenarios.Files(desired, gitPath, "storefront.yaml", deployment, "service.yaml", "desired/service.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, msg, time.Now(), files)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	return e.Wait(ctx, "Deployment/shop/storefront rolled out", 3*time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "storefront", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		s := d.Status
		if d.Generation != gen || s.ObservedGeneration != gen || s.UpdatedReplicas != 3 || s.AvailableReplicas != 3 || s.Replicas != 3 {
			return false, nil
		}
		// The old ReplicaSet's pods must be gone, not just terminating.
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector + ",!track"})
		return err == nil && len(pods.Items) == 3, err
	})
}

// check asserts the state: storefront fully on 3.5.0, and the Service's
// EndpointSlices still list the hotfix pod as ready.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "storefront", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := d.Status; s.UpdatedReplicas != 3 || s.AvailableReplicas != 3 || s.Replicas != 3 {
			return fmt.Errorf("Deployment/%s/storefront: not rolled out: %+v", ns, s)
		}
		hot, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "track=hotfix"})
		if err != nil || len(hot.Items) != 1 {
			return fmt.Errorf("storefront-hotfix: want one pod (%v)", err)
		}
		slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=storefront"})
		if err != nil {
			return err
		}
		for _, s := range slices.Items {
			for _, ep := range s.Endpoints {
				if ep.TargetRef != nil && ep.TargetRef.Name == hot.Items[0].Name && ep.Conditions.Ready != nil && *ep.Conditions.Ready {
					return nil
				}
			}
		}
		return fmt.Errorf("Service/%s/storefront: the hotfix pod %s is not a ready endpoint", ns, hot.Items[0].Name)
	})
}
