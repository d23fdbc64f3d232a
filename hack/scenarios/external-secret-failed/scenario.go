// Package externalsecretfailed reproduces a secret delivery failure whose
// cause is the provider refusing the operator's credentials: invoice-worker
// reads its database password from the Secret invoice-db-credentials, which
// the ExternalSecret invoice-db should produce from Vault; Vault answers
// 403 "permission denied" (the role's policy does not cover the path). The
// server resolves and answers, so nothing points at DNS. The Secret never
// exists and the kubelet cannot build the workers' environment
// (CreateContainerConfigError). The neighbour billing-portal is healthy.
package externalsecretfailed

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
	ns        = "billing"
	gitPath   = "apps/billing"
	image     = "ghcr.io/acme-billing/invoice-worker:v0.42.1"
	selector  = "app=invoice-worker"
	gwImage   = "ghcr.io/acme-billing/billing-portal:2026.11.3"
	gwSelect  = "app=billing-portal"
	secretErr = `secret "invoice-db-credentials" not found`
	// Vault's Go client error (api.ResponseError) for a read the token's
	// policies do not allow.
	providerErr = "Error making API request.\n\nURL: GET https://vault.sec.example.net:8200/v1/kv/data/billing/invoice-db\nCode: 403. Errors:\n\n* permission denied"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "billing", URL: "ssh://git@git.acme.io/billing/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/external-secret-failed.
func Scenario() scenarios.Scenario {
	kwok, disable := scenarios.PodReadyUnlessImage(image)
	return scenarios.Scenario{
		Name:       "external-secret-failed",
		Question:   "why does no invoice-worker pod start?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{KwokConfig: kwok, DisableStages: disable},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	for _, n := range []string{"gke-prod-pool-1-5d7c9b1e-x2lp", "gke-prod-pool-1-5d7c9b1e-q8vd", "gke-prod-pool-1-5d7c9b1e-h4mn"} {
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
	gw, err := scenarios.Files(desired, gitPath, "billing-portal.yaml", "desired/billing-portal.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "billing: portal 2026.11.3", time.Now(), gw)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "billing-portal", scenarios.Available(2)); err != nil {
		return err
	}
	front, err := e.PodsWithImage(ctx, ns, gwSelect, gwImage)
	if err != nil || len(front) == 0 {
		return fmt.Errorf("billing-portal pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &front[0], "web", 3000, "/healthz", 1); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	release, err := scenarios.Files(desired, gitPath, "billing-portal.yaml", "desired/billing-portal.yaml",
		"invoice-worker.yaml", "desired/invoice-worker.yaml", "invoice-db.yaml", "desired/invoice-db.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "billing: invoice-worker reads PGPASSWORD from Vault", time.Now(), release); err != nil {
		return err
	}
	synced := time.Now()
	if err := e.Reconcile(ctx, flux, sha, synced); err != nil {
		return err
	}
	if err := e.SecretStoreValid(ctx, ns, "vault-platform", synced.Add(time.Second)); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, image, 3)
	if err != nil {
		return err
	}
	// ESO reconciles the new ExternalSecret within moments of the apply,
	// before any pod exists, then retries with back-off; the counts carry
	// the retries since.
	time.Sleep(time.Until(synced.Add(12 * time.Second)))
	if err := e.ExternalSecretSyncFailed(ctx, ns, "invoice-db", "billing/invoice-db", providerErr, 5, synced.Add(300*time.Millisecond)); err != nil {
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
	msg := fmt.Sprintf("Successfully pulled image %q in 4.62s (4.62s including waiting). Image size: 88310452 bytes.", image)
	if _, err := e.KubeletEvent(ctx, p, "worker", corev1.EventTypeNormal, "Pulling", fmt.Sprintf("Pulling image %q", image), 1, created.Add(time.Second), created.Add(time.Second)); err != nil {
		return err
	}
	if _, err := e.KubeletEvent(ctx, p, "worker", corev1.EventTypeNormal, "Pulled", msg, 1, pulled, pulled); err != nil {
		return err
	}
	return e.CreateContainerConfigError(ctx, ns, p.Name, "worker", secretErr, 4, pulled.Add(time.Millisecond))
}
