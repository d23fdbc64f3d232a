// Package argosyncwindow reproduces a release that Argo CD holds back on
// purpose: the retail project's AppProject carries a deny sync window (a
// sales-weekend change freeze, as `argocd proj windows add` writes it)
// that covers the checkout Application. The fix for checkout's payment
// timeout is merged and Argo CD's refresh reports the Application
// OutOfSync at the new revision, but automated sync does not run while a
// deny window is open, so the pods keep running 4.7.0. Nothing is broken
// in the cluster: the cause is a setting at the project, and the repair is
// a manual sync (if the window allows it) or the window itself.
package argosyncwindow

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
	gitPath  = "apps/checkout"
	checkout = "checkout"
	selector = "app.kubernetes.io/name=checkout"
	oldImage = "registry.retail.example/checkout:4.7.0"
	project  = "retail"
)

var app = scenarios.ArgoApp{
	Namespace: "argocd", Name: checkout, RepoURL: "https://git.retail.example/platform/deploy.git",
	Path: gitPath, Dest: ns, Project: project,
	SyncPolicy: map[string]any{"automated": map[string]any{"prune": true, "selfHeal": true}},
}

// Scenario returns the recorder entry for fixtures/argo-sync-window.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "argo-sync-window",
		Question:   "The checkout payment-timeout fix (4.7.1) was merged and Argo CD shows the checkout Application OutOfSync at the fix's commit, with automated sync and selfHeal on; why do the pods still run 4.7.0?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "ip-10-20-1-17.eu-central-1.compute.internal", "ip-10-20-2-45.eu-central-1.compute.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, app.Namespace); err != nil {
		return err
	}
	if err := e.InstallArgoCRD(ctx); err != nil {
		return err
	}
	if err := e.InstallArgoProject(ctx, app.Namespace, project, nil); err != nil {
		return err
	}
	files, err := scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-4.7.0.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "checkout: 4.7.0", time.Now(), files)
	if err != nil {
		return err
	}
	if err := e.ArgoSync(ctx, app, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, checkout, scenarios.Available(3)); err != nil {
		return err
	}
	// The freeze: a daily deny window in the platform team's time zone
	// that opened two minutes ago and lasts 12 hours, so that it is open
	// at capture whatever the hour of recording.
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		return err
	}
	start := time.Now().In(berlin).Add(-2 * time.Minute)
	window := map[string]any{
		"kind": "deny", "schedule": fmt.Sprintf("%d %d * * *", start.Minute(), start.Hour()),
		"duration": "12h", "timeZone": "Europe/Berlin",
		"applications": []any{"checkout", "cart"}, "manualSync": true,
	}
	if err := e.InstallArgoProject(ctx, app.Namespace, project, []any{window}); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	files, err = scenarios.Files(desired, gitPath, "checkout.yaml", "desired/checkout-4.7.1.yaml")
	if err != nil {
		return err
	}
	fix, err := e.Git.Commit(ctx, "checkout: 4.7.1, payment timeout 8s", time.Now(), files)
	if err != nil {
		return err
	}
	// Argo CD's refresh compares Git's new revision with the live objects
	// and reports OutOfSync; the sync it would start is refused by the
	// window, so operationState still holds the 4.7.0 sync.
	return e.ArgoRefresh(ctx, app, fix, []scenarios.ArgoResource{{Kind: "Deployment", Name: checkout}}, time.Now())
}

// check asserts the state: checkout runs 4.7.0 on three available replicas
// while Git holds 4.7.1.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, checkout, metav1.GetOptions{})
		if err != nil {
			return err
		}
		img := d.Spec.Template.Spec.Containers[0].Image
		if img != oldImage || d.Status.AvailableReplicas != 3 {
			return fmt.Errorf("Deployment/%s/%s: want %s on 3 available replicas, got %s, %d", ns, checkout, oldImage, img, d.Status.AvailableReplicas)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, oldImage)
		if err != nil || len(pods) != 3 {
			return fmt.Errorf("pods on %s: %d (%v)", oldImage, len(pods), err)
		}
		return nil
	})
}
