// Package dependencynotready reproduces an app held back by its
// dependency: Kustomization storefront dependsOn infra. One commit bumps
// storefront-web to 5.7.0 and adds a ServiceMonitor for the ingress
// controller to infra, on a cluster without the Prometheus Operator CRDs.
// infra's server-side dry-run fails (no matches for kind, as the real API
// server's discovery answers), so nothing of it is applied, and
// kustomize-controller does not even try storefront: DependencyNotReady,
// "dependency 'flux-system/infra' is not ready". web keeps running 5.6.0.
package dependencynotready

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	appNS    = "storefront"
	infraNS  = "ingress-nginx"
	appPath  = "apps/storefront"
	infraDir = "infrastructure/ingress-nginx"
	oldImage = "registry.example.com/shop/storefront-web:5.6.0"
	repoURL  = "https://github.example.com/shop/fleet.git"
)

var (
	infra = scenarios.FluxSync{Namespace: "flux-system", Name: "infra", URL: repoURL, Path: "./" + infraDir, TargetNamespace: infraNS}
	apps  = scenarios.FluxSync{Namespace: "flux-system", Name: "storefront", URL: repoURL, Path: "./" + appPath, TargetNamespace: appNS}
)

// Scenario returns the recorder entry for fixtures/dependency-not-ready.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "dependency-not-ready",
		Question:   "storefront-web 5.7.0 was merged with the ingress monitoring change; why is web still on 5.6.0?",
		Namespaces: []string{appNS, infraNS},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "pool-general-7f9c-0", "pool-general-7f9c-1", "pool-general-7f9c-2"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, appNS, infraNS, "flux-system"); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := files(infraDir, "ingress-controller.yaml", "desired/ingress-controller.yaml")
	if err != nil {
		return err
	}
	app1, err := files(appPath, "web.yaml", "desired/web-5.6.0.yaml", "recommendations.yaml", "desired/recommendations.yaml")
	if err != nil {
		return err
	}
	for k, v := range app1 {
		v1[k] = v
	}
	sha1, err := e.Git.Commit(ctx, "fleet: ingress-nginx and storefront", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, infra, sha1, time.Now()); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, apps, sha1, time.Now()); err != nil {
		return err
	}
	if err := dependsOn(ctx, e, apps, infra.Name); err != nil {
		return err
	}
	for _, d := range []struct {
		ns, name string
		n        int32
	}{{infraNS, "ingress-nginx-controller", 2}, {appNS, "web", 3}, {appNS, "recommendations", 2}} {
		if err := e.WaitDeployment(ctx, d.ns, d.name, scenarios.Available(d.n)); err != nil {
			return err
		}
	}
	pods, err := e.PodsWithImage(ctx, appNS, "app=recommendations", "registry.example.com/shop/recommendations:2.0.4")
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("recommendations pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "recommendations", 8080, "/ready", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := files(infraDir, "servicemonitor.yaml", "desired/servicemonitor.yaml")
	if err != nil {
		return err
	}
	app2, err := files(appPath, "web.yaml", "desired/web-5.7.0.yaml")
	if err != nil {
		return err
	}
	for k, v := range app2 {
		v2[k] = v
	}
	sha2, err := e.Git.Commit(ctx, "storefront-web 5.7.0; scrape ingress-nginx metrics", time.Now(), v2)
	if err != nil {
		return err
	}
	for _, f := range []scenarios.FluxSync{infra, apps} {
		if err := e.StoreArtifact(ctx, f, sha2, time.Now()); err != nil {
			return err
		}
	}
	rejected, err := dryRun(ctx, e, v2[infraDir+"/servicemonitor.yaml"])
	if err != nil {
		return err
	}
	if err := e.KustomizationFailed(ctx, infra, e.Git.Revision(sha2), "ReconciliationFailed", rejected, time.Now()); err != nil {
		return err
	}
	// Dependencies are checked before the build: the attempted revision
	// does not move.
	msg := fmt.Sprintf("dependency '%s/%s' is not ready", infra.Namespace, infra.Name)
	return e.KustomizationFailed(ctx, apps, e.Git.Revision(sha1), "DependencyNotReady", msg, time.Now())
}

func files(dir string, pairs ...string) (map[string][]byte, error) {
	return scenarios.Files(desired, dir, pairs...)
}

// dependsOn adds spec.dependsOn as the flux-system Kustomization that
// manages the Flux objects would apply it.
func dependsOn(ctx context.Context, e *scenarios.Env, f scenarios.FluxSync, on string) error {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
		"metadata": map[string]any{"name": f.Name, "namespace": f.Namespace},
		"spec":     map[string]any{"dependsOn": []any{map[string]any{"name": on}}},
	}}
	_, err := e.ApplyObject(ctx, u, "kustomize-controller")
	return err
}

// dryRun applies the manifest to the real API server and returns the
// rejection as kustomize-controller words it ("<Kind/ns/name> dry-run
// failed: <error>"); the kind is not served, so nothing is created.
func dryRun(ctx context.Context, e *scenarios.Env, manifest []byte) (string, error) {
	_, err := e.Apply(ctx, manifest, scenarios.ApplyOptions{FieldManager: "kustomize-controller", Namespace: infraNS})
	var noMatch *meta.NoKindMatchError
	if !errors.As(err, &noMatch) {
		return "", fmt.Errorf("ServiceMonitor/%s/ingress-nginx-controller: apply gave %v, want no matches for kind", infraNS, err)
	}
	return fmt.Sprintf("ServiceMonitor/%s/ingress-nginx-controller dry-run failed: %s", infraNS, noMatch.Error()), nil
}

// check asserts that the held revision is what runs: web has three Ready
// pods of 5.6.0 (also five seconds later).
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, appNS, "app=storefront-web", oldImage)
		if err != nil {
			return err
		}
		if len(pods) != 3 {
			return fmt.Errorf("Deployment/%s/web: %d pods on %s, want 3", appNS, len(pods), oldImage)
		}
		return nil
	})
}
