// Package renderfailed reproduces a commit that does not build: the
// query-gateway 7.4.0 change adds a kustomization.yaml listing an HPA
// manifest that was never committed. source-controller stores the new
// artifact, kustomize-controller's build fails (BuildFailed, with the
// error kustomize itself returns) and nothing is applied: the workloads
// keep running 7.3.1 from the previous revision.
package renderfailed

import (
	"context"
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "search"
	gitPath  = "apps/search"
	oldImage = "ghcr.io/acme-search/query-gateway:7.3.1"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "search", URL: "ssh://git@git.example.com/acme/search-gitops.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/render-failed.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "render-failed",
		Question:   "the query-gateway 7.4.0 commit is on main; why is search still on 7.3.1?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "gke-prod-default-pool-8c1f2a3b-x7k2", "gke-prod-default-pool-8c1f2a3b-q9m4"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "query-gateway.yaml", "desired/query-gateway-7.3.1.yaml", "suggest.yaml", "desired/suggest.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "search: query-gateway 7.3.1 and suggest", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "query-gateway", scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "suggest", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, "app=query-gateway", oldImage)
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("query-gateway pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "gateway", 8000, "/readyz", 1); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "query-gateway.yaml", "desired/query-gateway-7.4.0.yaml", "kustomization.yaml", "desired/kustomization.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "query-gateway 7.4.0 with autoscaling", time.Now(), v2); err != nil {
		return err
	}
	if err := e.StoreArtifact(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	buildErr, err := build(v1, v2)
	if err != nil {
		return err
	}
	return e.KustomizationFailed(ctx, flux, e.Git.Revision(sha), "BuildFailed", "kustomize build failed: "+buildErr, time.Now())
}

// build runs kustomize, as kustomize-controller does, on the revision's
// files unpacked in a kustomization-* temporary directory, and returns
// the error kustomize gives.
func build(revisions ...map[string][]byte) (string, error) {
	dir, err := os.MkdirTemp("", "kustomization-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	for _, files := range revisions {
		for p, b := range files {
			full := filepath.Join(dir, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				return "", err
			}
			if err := os.WriteFile(full, b, 0o644); err != nil {
				return "", err
			}
		}
	}
	_, err = krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), filepath.Join(dir, filepath.FromSlash(gitPath)))
	if err == nil {
		return "", fmt.Errorf("kustomize build of %s succeeded, want the missing-resource error", gitPath)
	}
	return err.Error(), nil
}

// check asserts that nothing of the bad revision reached the cluster:
// query-gateway runs three Ready pods of 7.3.1 (also five seconds later).
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, ns, "app=query-gateway", oldImage)
		if err != nil {
			return err
		}
		if len(pods) != 3 {
			return fmt.Errorf("Deployment/search/query-gateway: %d pods on %s, want 3", len(pods), oldImage)
		}
		return nil
	})
}
