// Package rolloutcompleteafter records a clean success as a before/after
// pair: storefront 3.4.0 runs three Ready replicas behind its Service (the
// baseline, fixtures/rollout-complete-after/before), Git moves it to
// 3.5.0, Flux applies it, and the real Deployment controller rolls all
// three replicas over one at a time (maxSurge 1, maxUnavailable 0) while
// kwok makes each new pod Ready. rift verify passes on both halves, each
// at its own revision, and rift diff shows the revision move and the
// replaced pods.
package rolloutcompleteafter

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
	name     = "rollout-complete-after"
	ns       = "shop"
	gitPath  = "apps/shop"
	newImage = "registry.example.com/shop/storefront:3.5.0"
	selector = "app.kubernetes.io/name=storefront"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "ssh://git@git.example.com/shop/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/rollout-complete-after.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       name,
		Question:   "is storefront 3.5.0 live on every replica?",
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
	if err := release(ctx, e, "storefront 3.4.0 behind its Service", "desired/storefront-3.4.0.yaml"); err != nil {
		return err
	}
	if err := e.Baseline(ctx, []string{ns}, name); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	return release(ctx, e, "shop: release storefront 3.5.0", "desired/storefront-3.5.0.yaml")
}

// release commits the Deployment and Service, lets Flux apply them and
// waits until the rollout is complete.
func release(ctx context.Context, e *scenarios.Env, msg, deployment string) error {
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
		return rolledOut(ctx, e) == nil, nil
	})
}

// check asserts a finished rollout of 3.5.0: observed, three updated and
// available replicas, no old pod left, and it stays so.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		if err := rolledOut(ctx, e); err != nil {
			return err
		}
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
		if err != nil {
			return err
		}
		for _, p := range pods.Items {
			if img := p.Spec.Containers[0].Image; img != newImage {
				return fmt.Errorf("Pod/%s/%s: runs %s, want %s", ns, p.Name, img, newImage)
			}
		}
		return nil
	})
}

func rolledOut(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "storefront", metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Deployment/%s/storefront: %w", ns, err)
	}
	s := d.Status
	if s.ObservedGeneration != d.Generation || s.UpdatedReplicas != 3 || s.AvailableReplicas != 3 || s.Replicas != 3 {
		return fmt.Errorf("Deployment/%s/storefront: want 3 updated, available replicas and no old one, got %+v", ns, s)
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil {
		return err
	}
	if len(pods.Items) != 3 {
		return fmt.Errorf("Deployment/%s/storefront: %d pods, want 3", ns, len(pods.Items))
	}
	return nil
}
