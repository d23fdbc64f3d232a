// Package pendingbeforemigration reproduces "apply is not running" (seed
// 001): release 2.0 of web asks for more CPU than any node has free, so
// its first pod stays Pending (the scheduler's FailedScheduling) while the
// old pods keep serving; the pipeline did not wait, the 2.0 schema
// migration Job ran and completed, and the old 1.9 pods now fail their
// readiness probe against the contracted schema.
package pendingbeforemigration

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
	ns      = "shop"
	gitPath = "apps/shop"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "https://git.example.com/shop/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/pending-before-migration.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "pending-before-migration",
		Question:   "why is web failing after the 2.0 release was applied?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "node-a", "node-b", "node-c"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}

	// Release 1.9: web (1 CPU per pod) next to search (2 CPU on each node).
	v1, err := scenarios.Files(desired, gitPath, "service.yaml", "desired/service.yaml",
		"web.yaml", "desired/web-1.9.yaml", "search.yaml", "desired/search.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "shop: web 1.9.4, search 5.2.0", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	for name, n := range map[string]int32{"web": 2, "search": 3} {
		if err := waitAvailable(ctx, e, name, n); err != nil {
			return err
		}
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=web"})
	if err != nil {
		return err
	}
	if err := e.StartupRefusals(ctx, &pods.Items[0], "web", 8080, "/healthz", 1); err != nil {
		return err
	}

	// Release 2.0: web asks for 4 CPU, and the migration ships with it.
	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "web.yaml", "desired/web-2.0.yaml", "migrate.yaml", "desired/migrate-2.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "shop: web 2.0.0 with the orders schema migration", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	var done time.Time
	if err := e.Wait(ctx, "Job/shop/web-migrate-2-0-0 complete", 2*time.Minute, func(ctx context.Context) (bool, error) {
		j, err := e.Client.BatchV1().Jobs(ns).Get(ctx, "web-migrate-2-0-0", metav1.GetOptions{})
		if err != nil || j.Status.CompletionTime == nil {
			return false, err
		}
		done = j.Status.CompletionTime.Time
		return true, nil
	}); err != nil {
		return err
	}
	if err := waitUnschedulable(ctx, e); err != nil {
		return err
	}

	// The 1.9 pods query a column the migration dropped: /healthz is 500.
	time.Sleep(2 * time.Second)
	for _, p := range pods.Items {
		first := done.Add(time.Second)
		if err := e.FailReadinessNow(ctx, ns, p.Name, "web", scenarios.HTTPStatusOutput(500), first); err != nil {
			return err
		}
	}
	return nil
}

func waitAvailable(ctx context.Context, e *scenarios.Env, name string, n int32) error {
	return e.Wait(ctx, fmt.Sprintf("Deployment/%s/%s available", ns, name), 2*time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return d.Status.AvailableReplicas == n && d.Status.UpdatedReplicas == n, fmt.Errorf("status %+v", d.Status)
	})
}
