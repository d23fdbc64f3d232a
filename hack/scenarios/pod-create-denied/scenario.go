// Package podcreatedenied reproduces a rollout the API server refuses: the
// platform team enforces the "restricted" Pod Security Standard on the
// analytics namespace (the namespace label, applied from Git), which leaves
// running pods alone; the next release of report-builder, whose template
// has no security context, makes the ReplicaSet controller create a pod,
// and the real Pod Security admission denies it (FailedCreate "violates
// PodSecurity "restricted:latest""). The old pods keep serving;
// dashboard-web, which meets the standard, is a healthy neighbour.
package podcreatedenied

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
	ns       = "analytics"
	gitPath  = "namespaces/analytics"
	selector = "app=report-builder"
	oldImage = "quay.io/acme-data/report-builder:1.4.0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "analytics", URL: "https://gitlab.example.com/data-platform/analytics-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/pod-create-denied.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "pod-create-denied",
		Question:   "why does report-builder 1.5.0 never get a pod?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func commit(ctx context.Context, e *scenarios.Env, msg, namespace, builder string) error {
	files, err := scenarios.Files(desired, gitPath, "namespace.yaml", "desired/"+namespace,
		"report-builder.yaml", "desired/"+builder, "dashboard-web.yaml", "desired/dashboard-web.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, msg, time.Now(), files)
	if err != nil {
		return err
	}
	return e.Reconcile(ctx, flux, sha, time.Now())
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "pool-general-6f8d4-2xk9c", "pool-general-6f8d4-r7m2w"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := commit(ctx, e, "analytics: report-builder 1.4.0, dashboard-web 3.2.5", "namespace-baseline.yaml", "report-builder-1.4.0.yaml"); err != nil {
		return err
	}
	for _, d := range []string{"report-builder", "dashboard-web"} {
		if err := e.WaitDeployment(ctx, ns, d, scenarios.Available(2)); err != nil {
			return err
		}
	}
	web, err := e.PodsWithImage(ctx, ns, "app=dashboard-web", "quay.io/acme-data/dashboard-web:3.2.5")
	if err != nil || len(web) == 0 {
		return fmt.Errorf("dashboard-web pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &web[0], "web", 8080, "/", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	if err := commit(ctx, e, "analytics: enforce the restricted Pod Security Standard", "namespace-restricted.yaml", "report-builder-1.4.0.yaml"); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	if err := commit(ctx, e, "analytics: report-builder 1.5.0", "namespace-restricted.yaml", "report-builder-1.5.0.yaml"); err != nil {
		return err
	}
	// The ReplicaSet controller retries with back-off; let it fail a few
	// times before the capture.
	time.Sleep(10 * time.Second)
	return nil
}

// check asserts what the real controllers did: the Deployment reports
// ReplicaFailure FailedCreate with Pod Security's message, the new
// ReplicaSet has no pod, the two 1.4.0 pods are available, still, five
// seconds later; dashboard-web is available.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.CreateRefused(ctx, ns, "report-builder", selector, oldImage, 2, `violates PodSecurity "restricted:latest"`); err != nil {
			return err
		}
		return e.WaitDeployment(ctx, ns, "dashboard-web", scenarios.Available(2))
	})
}
