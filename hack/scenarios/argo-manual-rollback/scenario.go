// Package argomanualrollback reproduces a hand rollback under an Argo CD
// Application that syncs only by hand: the shop Application has no
// automated sync policy (production changes are synced by a person).
// checkout 2.4.0 was synced; during an incident the on-call engineer rolled
// it back to 2.3.0 with a patch of the image (`kubectl set image`) instead of
// a revert in Git. Argo CD's refresh reports OutOfSync at the revision it
// synced, and without automated sync it applies nothing until someone
// syncs: the rollback stays while Git and the Application's history say
// 2.4.0. An earlier OOM kill of a cart pod (Ready since) and readiness
// refusals of starting pods are noise.
package argomanualrollback

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "shop"
	gitPath  = "prod/shop"
	selector = "app.kubernetes.io/name=checkout"
	newImage = "registry.shop.example/web/checkout:2.4.0"
	oldImage = "registry.shop.example/web/checkout:2.3.0"
)

var app = scenarios.ArgoApp{
	Namespace: "argocd", Name: "shop", RepoURL: "https://github.example.com/shop/gitops.git",
	Path: gitPath, Dest: ns, SyncPolicy: map[string]any{"syncOptions": []any{"CreateNamespace=false"}},
}

// Scenario returns the recorder entry for fixtures/argo-manual-rollback.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "argo-manual-rollback",
		Question:   "Git and the Argo CD history say checkout 2.4.0; why do its pods run 2.3.0?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "shop-prod-np1-abc12", "shop-prod-np1-def34"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, app.Namespace); err != nil {
		return err
	}
	if err := e.InstallArgoCRD(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-2.3.yaml", "cart.yaml", "desired/cart.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "shop: checkout 2.3.0, cart 5.0.2", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.ArgoSync(ctx, app, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "cart", scenarios.Available(2)); err != nil {
		return err
	}
	cart, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=cart", "registry.shop.example/web/cart:5.0.2")
	if err != nil || len(cart) != 2 {
		return fmt.Errorf("cart pods: %d (%v)", len(cart), err)
	}
	if err := e.OOMKilledOnce(ctx, ns, cart[0].Name, 5*time.Second); err != nil {
		return err
	}
	v2, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-2.4.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "checkout 2.4.0: new payment widget", time.Now(), v2); err != nil {
		return err
	}
	// Someone presses Sync.
	if err := e.ArgoSync(ctx, app, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "checkout", scenarios.Available(3)); err != nil {
		return err
	}
	if err := onImage(ctx, e, newImage); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	patch := fmt.Sprintf(`{"spec":{"template":{"spec":{"containers":[{"name":"checkout","image":%q}]}}}}`, oldImage)
	if _, err := e.Client.AppsV1().Deployments(ns).Patch(ctx, "checkout", types.StrategicMergePatchType, []byte(patch), metav1.PatchOptions{FieldManager: "kubectl-set"}); err != nil {
		return fmt.Errorf("Deployment/%s/checkout: kubectl set image: %w", ns, err)
	}
	if err := e.WaitDeployment(ctx, ns, "checkout", scenarios.Available(3)); err != nil {
		return err
	}
	if err := onImage(ctx, e, oldImage); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, selector, oldImage)
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("checkout pods: %d (%v)", len(pods), err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "checkout", 8080, "/ready", 2); err != nil {
		return err
	}
	return e.ArgoRefresh(ctx, app, sha, []scenarios.ArgoResource{{Kind: "Deployment", Name: "checkout"}}, time.Now())
}

// onImage waits until checkout runs three pods, all on image.
func onImage(ctx context.Context, e *scenarios.Env, image string) error {
	return e.Wait(ctx, "checkout pods on "+image, 2*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
		if err != nil {
			return false, err
		}
		on := 0
		for _, p := range pods.Items {
			if p.Spec.Containers[0].Image == image && p.DeletionTimestamp == nil {
				on++
			}
		}
		return on == 3 && len(pods.Items) == 3, fmt.Errorf("%d of %d pods on %s", on, len(pods.Items), image)
	})
}

// check asserts the state: checkout runs 2.3.0 on three available
// replicas while Git's head declares 2.4.0.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "checkout", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if img := d.Spec.Template.Spec.Containers[0].Image; img != oldImage || d.Status.AvailableReplicas != 3 {
			return fmt.Errorf("Deployment/%s/checkout: want %s on 3 available replicas, got %s, %d", ns, oldImage, img, d.Status.AvailableReplicas)
		}
		return nil
	})
}
