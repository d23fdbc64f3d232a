// Package confignotreloaded reproduces a configuration fix that never
// reaches the pods: payments-api reads its ConfigMap through envFrom,
// which the kubelet resolves once, when it creates the container. Release
// 3.4.0 ships with PAYMENTS_PROVIDER=stripe-v1, a provider the service no
// longer supports, and its readiness probe answers 503. The fix commit
// changes the ConfigMap alone; Flux applies it and reports Ready, but the
// Deployment's pod template is unchanged, so nothing restarts the pods:
// they keep the old environment and stay unready.
package confignotreloaded

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
	ns       = "payments"
	gitPath  = "apps/payments"
	apiImage = "registry.example.com/payments/payments-api:3.4.0"
	selector = "app.kubernetes.io/name=payments-api"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "payments", URL: "https://git.example.com/fintech/payments-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/config-not-reloaded.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "config-not-reloaded",
		Question:   "the provider fix is synced; why is payments-api still not ready?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func files(config string) (map[string][]byte, error) {
	return scenarios.Files(desired, gitPath, "payments-api.yaml", "desired/payments-api.yaml", "config.yaml", "desired/"+config)
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
	v1, err := files("config-v1.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "payments-api 3.4.0", v1); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "payments-api", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, selector, apiImage)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("payments-api pods: %d (%v)", len(pods), err)
	}
	// The service refuses a provider it no longer supports.
	time.Sleep(3 * time.Second)
	unready := time.Now()
	events := map[string]string{}
	for _, p := range pods {
		ev, err := e.FailReadiness(ctx, ns, p.Name, scenarios.ProbeFailure{
			Container: "api", Probe: "Readiness", Output: "HTTP probe failed with statuscode: 503",
			Count: 3, First: unready.Add(-2 * time.Second), Last: unready,
		})
		if err != nil {
			return err
		}
		events[p.Name] = ev
	}

	// The fix changes the ConfigMap only.
	time.Sleep(3 * time.Second)
	v2, err := files("config-v2.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "payments-api: provider stripe-v2", v2); err != nil {
		return err
	}
	// The probe keeps failing after the fix: the pods kept the old
	// environment.
	time.Sleep(4 * time.Second)
	for name, ev := range events {
		if err := e.RepeatEvent(ctx, ns, ev, 9, time.Now()); err != nil {
			return fmt.Errorf("Pod/%s/%s: %w", ns, name, err)
		}
	}
	return nil
}
