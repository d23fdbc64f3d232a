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
	"embed"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "payments"
	gitPath = "clusters/prod/payments"
	image   = "registry.example.com/payments/ledger-api:3.1.0"
)

var incident = scenarios.SecretDelivery{
	Namespace: ns,
	GitPath:   gitPath,
	Flux: scenarios.FluxSync{
		Namespace: "flux-system", Name: "payments", URL: "https://git.example.com/platform/payments-deploy.git",
		Path: "./" + gitPath, TargetNamespace: ns,
	},
	Desired: desired,
	Nodes:   []string{"ip-10-40-12-118", "ip-10-40-14-37"},
	Neighbour: scenarios.Release{
		Name: "checkout-gateway", File: "checkout-gateway.yaml", Image: "registry.example.com/payments/checkout-gateway:1.9.2",
		Selector: "app.kubernetes.io/name=checkout-gateway", Container: "nginx", Replicas: 2, Commit: "payments: checkout-gateway 1.9.2",
		Port: 8080, Path: "/", Refusals: 2,
	},
	App: scenarios.Release{
		Name: "ledger-api", File: "ledger-api.yaml", Image: image,
		Selector: "app.kubernetes.io/name=ledger-api", Container: "api", Replicas: 2,
		Commit:   "payments: ledger-api 3.1.0 with its database password from Vault",
		PullTime: "2.113s", PullBytes: 61842117,
	},
	SecretFile:     "payments-db-secret.yaml",
	Store:          "vault-backend",
	ExternalSecret: "payments-db",
	RemoteKey:      "payments/db",
	Retries:        6,
	Secret:         "payments-db",
	// What Vault's Go client returns when the resolver (kube-dns's
	// ClusterIP) has no record for the server name.
	ProviderErr: `Get "https://vault.internal:8200/v1/secret/data/payments/db": dial tcp: lookup vault.internal on 10.96.0.10:53: no such host`,
}

// Scenario returns the recorder entry for fixtures/externalsecret-provider-dns.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(image)
	return scenarios.Scenario{
		Name:       "externalsecret-provider-dns",
		Question:   "why do the ledger-api pods never start?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        incident.Run,
		Check:      incident.Check,
	}
}
