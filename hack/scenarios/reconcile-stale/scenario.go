// Package reconcilestale reproduces an Argo CD Application that reports
// an old revision without failing: the application controller synced
// stock-sync 4.2.0 and then stopped processing the Application (its shard
// lost its controller replica), so when 4.3.0 lands in Git nothing
// compares or syncs it. The Application still says Synced and Healthy at
// the old revision, its reconciledAt stops moving, no condition or event
// reports an error, and the pods run 4.2.0.
package reconcilestale

import (
	"context"
	"embed"
	"fmt"
	"time"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "inventory"
	gitPath  = "envs/prod/inventory"
	oldImage = "europe-docker.pkg.dev/retail-prod/apps/stock-sync:4.2.0"
	// unrefreshedFor is how long the new commit waits unseen before
	// collection: longer than Argo CD's default refresh (timeout.reconciliation
	// 180s, plus jitter), so a pending poll cannot explain it.
	unrefreshedFor = 310 * time.Second
)

var app = scenarios.ArgoApp{
	Namespace: "argocd", Name: "inventory", RepoURL: "https://github.example.com/retail/k8s-apps.git",
	Path: gitPath, Dest: ns,
}

// Scenario returns the recorder entry for fixtures/reconcile-stale.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "reconcile-stale",
		Question:   "Argo CD shows inventory Synced and Healthy; why does stock-sync still run 4.2.0 after the 4.3.0 merge?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "gke-retail-prod-pool-1-6d0e-abcd", "gke-retail-prod-pool-1-6d0e-efgh"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, app.Namespace); err != nil {
		return err
	}
	if err := e.InstallArgoCRD(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "stock-sync.yaml", "desired/stock-sync-4.2.0.yaml", "price-feed.yaml", "desired/price-feed.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "inventory: stock-sync 4.2.0 and price-feed", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.ArgoSync(ctx, app, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "stock-sync", scenarios.Available(2)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "price-feed", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, "app=price-feed", "europe-docker.pkg.dev/retail-prod/apps/price-feed:1.7.5")
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("price-feed pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "price-feed", 8080, "/ready", 1); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "stock-sync.yaml", "desired/stock-sync-4.3.0.yaml")
	if err != nil {
		return err
	}
	// Nothing processes the Application any more: its status stays as
	// the last sync wrote it, past Argo CD's three-minute refresh.
	if _, err = e.Git.Commit(ctx, "stock-sync 4.3.0: larger sync batches", time.Now(), v2); err != nil {
		return err
	}
	e.Logf("waiting %s with the Application unrefreshed", unrefreshedFor)
	time.Sleep(unrefreshedFor)
	return nil
}

// check asserts the stale state: stock-sync runs two Ready pods of 4.2.0
// (also five seconds later).
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, ns, "app=stock-sync", oldImage)
		if err != nil {
			return err
		}
		if len(pods) != 2 {
			return fmt.Errorf("Deployment/%s/stock-sync: %d pods on %s, want 2", ns, len(pods), oldImage)
		}
		return nil
	})
}
