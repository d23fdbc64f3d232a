// Package sourceunavailable reproduces a GitOps source that stopped
// fetching: ledger-api 2.4.0 was applied, then the deploy key was revoked.
// The 2.5.0 commit lands in Git, source-controller cannot clone the
// repository (GitOperationFailed, authentication required) and keeps its
// last artifact, and kustomize-controller keeps reporting the old revision
// as applied: the cluster runs 2.4.0 while Git says 2.5.0.
package sourceunavailable

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "payments"
	gitPath  = "clusters/prod/payments"
	repoURL  = "https://git.example.com/fintech/payments-deploy.git"
	oldImage = "registry.example.com/fintech/ledger-api:2.4.0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "payments", URL: repoURL,
	Path: "./" + gitPath, TargetNamespace: ns,
}

// fetchError is source-controller's message for a clone the Git server
// refuses (go-git's transport.ErrAuthenticationRequired).
var fetchError = fmt.Sprintf("failed to checkout and determine revision: unable to clone '%s': authentication required", repoURL)

// Scenario returns the recorder entry for fixtures/source-unavailable.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "source-unavailable",
		Question:   "ledger-api 2.5.0 was merged an hour ago; why does payments still run 2.4.0?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "ip-10-0-12-34.eu-west-1.compute.internal", "ip-10-0-17-201.eu-west-1.compute.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "ledger-api.yaml", "desired/ledger-api-2.4.0.yaml", "fx-rates.yaml", "desired/fx-rates.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "payments: ledger-api 2.4.0 and fx-rates", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "ledger-api", scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "fx-rates", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=fx-rates"})
	if err != nil || len(pods.Items) == 0 {
		return fmt.Errorf("fx-rates pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods.Items[0], "fx-rates", 9090, "/healthz", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "ledger-api.yaml", "desired/ledger-api-2.5.0.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Git.Commit(ctx, "ledger-api 2.5.0: idempotent transfer keys", time.Now(), v2); err != nil {
		return err
	}
	return e.FetchFailed(ctx, flux, "GitOperationFailed", fetchError, time.Now())
}

// check asserts the stale state: the source's artifact is the first
// commit while Git's head moved on, the Kustomization still reports it
// applied, and ledger-api runs three Ready pods of 2.4.0 (also five
// seconds later).
func check(ctx context.Context, e *scenarios.Env) error {
	head, err := e.Git.Head(ctx)
	if err != nil {
		return err
	}
	repo, err := e.Dynamic.Resource(schema.GroupVersionResource{Group: "source.toolkit.fluxcd.io", Version: "v1", Resource: "gitrepositories"}).
		Namespace(flux.Namespace).Get(ctx, flux.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if rev, _, _ := unstructured.NestedString(repo.Object, "status", "artifact", "revision"); rev == "" || rev == e.Git.Revision(head) {
		return fmt.Errorf("GitRepository/flux-system/payments: artifact %q, want an older revision than %s", rev, head)
	}
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=ledger-api", oldImage)
		if err != nil {
			return err
		}
		if len(pods) != 3 {
			return fmt.Errorf("Deployment/payments/ledger-api: %d pods on %s, want 3", len(pods), oldImage)
		}
		return nil
	})
}
