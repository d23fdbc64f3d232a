// Package routebackendmissing reproduces a rename that leaves the front
// door pointing at nothing: a commit renames Service web to
// storefront-web, Flux applies the new Service and prunes the old one,
// and Ingress storefront, unchanged, still sends shop.example.com to
// Service web. The pods are Ready behind the new name; every request
// through the ingress controller fails.
package routebackendmissing

import (
	"context"
	"embed"
	"time"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "storefront"
	gitPath = "apps/storefront"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "storefront", URL: "https://git.example.com/retail/storefront-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/route-backend-missing.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "route-backend-missing",
		Question:   "shop.example.com answers 503 since the last deploy; the pods are Ready. Why?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func files(service string) (map[string][]byte, error) {
	return scenarios.Files(desired, gitPath, "web.yaml", "desired/web.yaml", "service.yaml", "desired/"+service,
		"ingress.yaml", "desired/ingress.yaml")
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-a", "worker-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	for _, c := range []struct{ message, service string }{
		{"storefront: web 2.8.1 behind shop.example.com", "service-v1.yaml"},
		{"storefront: rename Service web to storefront-web", "service-v2.yaml"},
	} {
		fs, err := files(c.service)
		if err != nil {
			return err
		}
		if _, err := e.Ship(ctx, flux, c.message, fs); err != nil {
			return err
		}
		if err := e.WaitDeployment(ctx, ns, "web", scenarios.Available(2)); err != nil {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}
