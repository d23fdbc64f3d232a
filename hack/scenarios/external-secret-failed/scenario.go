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
	"embed"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "billing"
	gitPath = "apps/billing"
	image   = "ghcr.io/acme-billing/invoice-worker:v0.42.1"
)

var incident = scenarios.SecretDelivery{
	Namespace: ns,
	GitPath:   gitPath,
	Flux: scenarios.FluxSync{
		Namespace: "flux-system", Name: "billing", URL: "ssh://git@git.acme.io/billing/deploy.git",
		Path: "./" + gitPath, TargetNamespace: ns,
	},
	Desired: desired,
	Nodes:   []string{"gke-prod-pool-1-5d7c9b1e-x2lp", "gke-prod-pool-1-5d7c9b1e-q8vd", "gke-prod-pool-1-5d7c9b1e-h4mn"},
	Neighbour: scenarios.Release{
		Name: "billing-portal", File: "billing-portal.yaml", Image: "ghcr.io/acme-billing/billing-portal:2026.11.3",
		Selector: "app=billing-portal", Container: "web", Replicas: 2, Commit: "billing: portal 2026.11.3",
		Port: 3000, Path: "/healthz", Refusals: 1,
	},
	App: scenarios.Release{
		Name: "invoice-worker", File: "invoice-worker.yaml", Image: image,
		Selector: "app=invoice-worker", Container: "worker", Replicas: 3,
		Commit:   "billing: invoice-worker reads PGPASSWORD from Vault",
		PullTime: "4.62s", PullBytes: 88310452,
	},
	SecretFile:     "invoice-db.yaml",
	Store:          "vault-platform",
	ExternalSecret: "invoice-db",
	RemoteKey:      "billing/invoice-db",
	Retries:        5,
	Secret:         "invoice-db-credentials",
	// Vault's Go client error (api.ResponseError) for a read the token's
	// policies do not allow.
	ProviderErr: "Error making API request.\n\nURL: GET https://vault.sec.example.net:8200/v1/kv/data/billing/invoice-db\nCode: 403. Errors:\n\n* permission denied",
}

// Scenario returns the recorder entry for fixtures/external-secret-failed.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(image)
	return scenarios.Scenario{
		Name:       "external-secret-failed",
		Question:   "why does no invoice-worker pod start?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        incident.Run,
		Check:      incident.Check,
	}
}
