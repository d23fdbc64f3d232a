// Package reconcilesuspended reproduces a reconciliation left switched
// off: during an earlier incident someone ran `flux suspend kustomization
// media`; the transcoder 3.9.0 release lands in Git afterwards.
// source-controller fetches and stores it, but the suspended
// Kustomization does nothing with it and keeps reporting 3.8.0's revision
// as applied: the cluster runs the old image with no error anywhere.
package reconcilesuspended

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
	ns       = "media"
	gitPath  = "tenants/media"
	oldImage = "quay.io/streamco/transcoder:3.8.0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "media", URL: "https://gitlab.example.com/streamco/platform-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/reconcile-suspended.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "reconcile-suspended",
		Question:   "transcoder 3.9.0 is on main and Flux shows no error; why do the pods still run 3.8.0?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "16", "64Gi", "worker-pool-a-1", "worker-pool-a-2", "worker-pool-b-1"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "transcoder.yaml", "desired/transcoder-3.8.0.yaml", "thumbnailer.yaml", "desired/thumbnailer.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "media: transcoder 3.8.0 and thumbnailer", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "transcoder", scenarios.Available(2)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "thumbnailer", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=thumbnailer", "quay.io/streamco/thumbnailer:2.2.7")
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("thumbnailer pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "thumbnailer", 8080, "/healthz", 2); err != nil {
		return err
	}
	if err := e.SuspendKustomization(ctx, flux); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "transcoder.yaml", "desired/transcoder-3.9.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "transcoder 3.9.0: AV1 main profile", time.Now(), v2); err != nil {
		return err
	}
	return e.StoreArtifact(ctx, flux, sha, time.Now())
}

// check asserts the held state: transcoder runs two Ready pods of 3.8.0
// (also five seconds later) while the source stored the new revision.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=transcoder", oldImage)
		if err != nil {
			return err
		}
		if len(pods) != 2 {
			return fmt.Errorf("Deployment/media/transcoder: %d pods on %s, want 2", len(pods), oldImage)
		}
		return nil
	})
}
