// Package statefulsetstorage reproduces a stalled StatefulSet change: the
// commit "grow data volumes to 50Gi" edits volumeClaimTemplates of the
// orders-db StatefulSet (and raises its memory). The API server refuses
// any change to a StatefulSet's spec outside template, replicas,
// updateStrategy and a few others, so kustomize-controller's dry-run fails
// and nothing of the revision is applied: the Kustomization is Ready=False
// with the API server's Forbidden error, its lastAppliedRevision stays on
// the previous commit, and the three database pods keep running the old
// spec on their bound local volumes. The repair belongs in Git (revert the
// claim template, grow the claims by their own path); deleting the
// StatefulSet's PVCs would destroy the data.
package statefulsetstorage

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "orders"
	gitPath = "workloads/orders"
)

var (
	flux = scenarios.FluxSync{
		Namespace: "flux-system", Name: "orders", URL: "https://git.example.com/commerce/orders-gitops.git",
		Path: "./" + gitPath, TargetNamespace: ns,
	}
	nodes = []string{"db-node-1", "db-node-2", "db-node-3"}
)

// Scenario returns the recorder entry for fixtures/statefulset-storage.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "statefulset-storage",
		Question:   "why do the orders-db pods still have 20Gi volumes and 2Gi of memory after the resize commit?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "16", "64Gi", nodes...); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := localVolumes(ctx, e); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "orders-db.yaml", "desired/orders-db-20Gi.yaml",
		"orders-api.yaml", "desired/orders-api.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "orders: postgres StatefulSet on local NVMe and the API", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "orders-api", scenarios.Available(2)); err != nil {
		return err
	}
	if err := e.Wait(ctx, "StatefulSet/"+ns+"/orders-db ready", 3*time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "orders-db", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return s.Status.ReadyReplicas == 3 && s.Status.CurrentRevision == s.Status.UpdateRevision, fmt.Errorf("status %+v", s.Status)
	}); err != nil {
		return err
	}
	api, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=orders-api", "registry.example.com/orders/orders-api:9.2.1")
	if err != nil || len(api) == 0 {
		return fmt.Errorf("orders-api pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &api[0], "api", 8080, "/readiness", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	resize, err := scenarios.Files(desired, gitPath, "orders-db.yaml", "desired/orders-db-50Gi.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "orders-db: grow data volumes to 50Gi and memory to 4Gi", time.Now(), resize); err != nil {
		return err
	}
	at := time.Now()
	if err := e.StoreArtifact(ctx, flux, sha, at); err != nil {
		return err
	}
	msg, err := e.DryRunFlux(ctx, flux)
	if err != nil {
		return err
	}
	if msg == "" {
		return fmt.Errorf("Kustomization/%s/%s: the API server accepted the volumeClaimTemplates change", flux.Namespace, flux.Name)
	}
	return e.KustomizationFailed(ctx, flux, e.Git.Revision(sha), "ReconciliationFailed", msg, at.Add(time.Second))
}
