// Package externalsecretproviderdns reproduces a secret delivery failure
// whose cause is DNS: ledger-api reads its database password from the
// Secret payments-db, which the ExternalSecret payments-db should produce
// from Vault, but the SecretStore's server name vault.internal does not
// resolve from the cluster. External Secrets Operator reports
// SecretSyncedError with the resolver's "no such host", the Secret never
// exists, and the kubelet cannot build the pods' environment
// (CreateContainerConfigError). The neighbour checkout-gateway is healthy.
package externalsecretproviderdns

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns        = "payments"
	gitPath   = "clusters/prod/payments"
	image     = "registry.example.com/payments/ledger-api:3.1.0"
	selector  = "app.kubernetes.io/name=ledger-api"
	gwImage   = "registry.example.com/payments/checkout-gateway:1.9.2"
	gwSelect  = "app.kubernetes.io/name=checkout-gateway"
	secretErr = `secret "payments-db" not found`
	// What Vault's Go client returns when the resolver (kube-dns's
	// ClusterIP) has no record for the server name.
	providerErr = `Get "https://vault.internal:8200/v1/secret/data/payments/db": dial tcp: lookup vault.internal on 10.96.0.10:53: no such host`
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "payments", URL: "https://git.example.com/platform/payments-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/externalsecret-provider-dns.
func Scenario() scenarios.Scenario {
	kwok, disable := scenarios.PodReadyUnlessImage(image)
	return scenarios.Scenario{
		Name:       "externalsecret-provider-dns",
		Question:   "why do the ledger-api pods never start?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{KwokConfig: kwok, DisableStages: disable},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	for _, n := range []string{"ip-10-40-12-118", "ip-10-40-14-37"} {
		if _, err := e.Cluster.AddNode(ctx, testcluster.NodeSpec{Name: n, CPU: "4", Memory: "16Gi"}); err != nil {
			return err
		}
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := e.InstallCRDs(ctx, scenarios.ExternalSecretsCRDs); err != nil {
		return err
	}
	gw, err := scenarios.Files(desired, gitPath, "checkout-gateway.yaml", "desired/checkout-gateway.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "payments: checkout-gateway 1.9.2", time.Now(), gw)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "checkout-gateway", scenarios.Available(2)); err != nil {
		return err
	}
	front, err := e.PodsWithImage(ctx, ns, gwSelect, gwImage)
	if err != nil || len(front) == 0 {
		return fmt.Errorf("checkout-gateway pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &front[0], "nginx", 8080, "/", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	ledger, err := scenarios.Files(desired, gitPath, "checkout-gateway.yaml", "desired/checkout-gateway.yaml",
		"ledger-api.yaml", "desired/ledger-api.yaml", "payments-db-secret.yaml", "desired/payments-db-secret.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "payments: ledger-api 3.1.0 with its database password from Vault", time.Now(), ledger); err != nil {
		return err
	}
	synced := time.Now()
	if err := e.Reconcile(ctx, flux, sha, synced); err != nil {
		return err
	}
	if err := e.SecretStoreValid(ctx, ns, "vault-backend", synced.Add(time.Second)); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, image, 2)
	if err != nil {
		return err
	}
	// ESO reconciles the new ExternalSecret within moments of the apply,
	// before any pod exists, then retries with back-off; the counts carry
	// the retries since.
	time.Sleep(time.Until(synced.Add(12 * time.Second)))
	if err := e.ExternalSecretSyncFailed(ctx, ns, "payments-db", "payments/db", providerErr, 6, synced.Add(300*time.Millisecond)); err != nil {
		return err
	}
	for i := range pods {
		if err := configError(ctx, e, &pods[i]); err != nil {
			return err
		}
	}
	return nil
}

// configError is the kubelet's account: it pulls the image once, then
// every sync fails to resolve the secretKeyRef.
func configError(ctx context.Context, e *scenarios.Env, p *corev1.Pod) error {
	created := p.CreationTimestamp.Time
	pulled := created.Add(3 * time.Second)
	msg := fmt.Sprintf("Successfully pulled image %q in 2.113s (2.113s including waiting). Image size: 61842117 bytes.", image)
	if _, err := e.KubeletEvent(ctx, p, "api", corev1.EventTypeNormal, "Pulling", fmt.Sprintf("Pulling image %q", image), 1, created.Add(time.Second), created.Add(time.Second)); err != nil {
		return err
	}
	if _, err := e.KubeletEvent(ctx, p, "api", corev1.EventTypeNormal, "Pulled", msg, 1, pulled, pulled); err != nil {
		return err
	}
	return e.CreateContainerConfigError(ctx, ns, p.Name, "api", secretErr, 4, pulled.Add(time.Millisecond))
}
