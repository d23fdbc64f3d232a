// Package removedenvclientside reproduces a field that Git removed and a
// client-side apply never removed: Argo CD syncs the accounts Application
// with its default client-side apply, so every object carries the
// kubectl.kubernetes.io/last-applied-configuration annotation. Release 5.2
// moves sessions to the new store: it deletes LEGACY_SESSION_STORE from
// accounts-api and bumps the image of the accounts-migrate Job (sync wave
// -1). A Job's pod template is immutable, so the API server refuses the
// Job's patch; the automated sync fails after its five retries, and the
// later wave with accounts-api is never applied. The live Deployment keeps
// the variable, which the annotation still records as applied and the
// rendered manifest no longer declares.
package removedenvclientside

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "accounts"
	gitPath = "k8s/accounts"
	image   = "registry.corp.example/accounts/accounts-api:5.1.0"
)

var app = scenarios.ArgoApp{
	Namespace: "argocd", Name: "accounts", RepoURL: "https://git.corp.example/platform/accounts-deploy.git",
	Path: gitPath, Dest: ns, ClientSide: true,
	SyncPolicy: map[string]any{
		"automated": map[string]any{"prune": true, "selfHeal": true},
		"retry":     map[string]any{"limit": int64(5)},
	},
}

// Scenario returns the recorder entry for fixtures/removed-env-client-side.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "removed-env-client-side",
		Question:   "release 5.2 removed LEGACY_SESSION_STORE from accounts-api; why do its pods still read sessions from the legacy store?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "ip-10-20-1-17.eu-west-1.compute.internal", "ip-10-20-2-44.eu-west-1.compute.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, app.Namespace); err != nil {
		return err
	}
	if err := e.InstallArgoCRD(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "accounts-api.yaml", "desired/accounts-api-5.1.yaml", "migrate.yaml", "desired/migrate-5.1.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "accounts 5.1: sessions in both stores", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.ArgoSync(ctx, app, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "accounts-api", scenarios.Available(3)); err != nil {
		return err
	}
	err = e.Wait(ctx, "Job accounts-migrate complete", 2*time.Minute, func(ctx context.Context) (bool, error) {
		j, err := e.Client.BatchV1().Jobs(ns).Get(ctx, "accounts-migrate", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return j.Status.Succeeded == 1, fmt.Errorf("succeeded %d, failed %d", j.Status.Succeeded, j.Status.Failed)
	})
	if err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, "app=accounts-api", image)
	if err != nil || len(pods) != 3 {
		return fmt.Errorf("accounts-api pods: %d (%v)", len(pods), err)
	}
	if err := e.StartupRefusals(ctx, &pods[2], "api", 8080, "/health/ready", 3); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "accounts-api.yaml", "desired/accounts-api-5.2.yaml", "migrate.yaml", "desired/migrate-5.2.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "accounts 5.2: sessions only in the new store", time.Now(), v2); err != nil {
		return err
	}
	// Wave -1 first: the Job's patch, which the API server refuses.
	job := v2[gitPath+"/migrate.yaml"]
	refusal := e.ClientSideDryRun(ctx, job, scenarios.ApplyOptions{FieldManager: "argocd-controller", Labels: map[string]string{"app.kubernetes.io/instance": app.Name}, Namespace: ns})
	if refusal == nil || !strings.Contains(refusal.Error(), "field is immutable") {
		return fmt.Errorf("Job/%s/accounts-migrate: dry-run gave %v, want the immutable template refusal", ns, refusal)
	}
	// kubectl names the temporary file Argo CD wrote the manifest to.
	reason := fmt.Sprintf("error when patching %q: %v", "/dev/shm/2819532674", refusal)
	return e.ArgoSyncFailed(ctx, app, sha, scenarios.ArgoResource{Kind: "Job", Name: "accounts-migrate"}, "batch", "v1", reason, 5, time.Now())
}

// check asserts that the release never reached accounts-api: its
// Deployment still sets LEGACY_SESSION_STORE on three available replicas.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "accounts-api", metav1.GetOptions{})
		if err != nil {
			return err
		}
		legacy := false
		for _, env := range d.Spec.Template.Spec.Containers[0].Env {
			legacy = legacy || env.Name == "LEGACY_SESSION_STORE"
		}
		if !legacy || d.Status.AvailableReplicas != 3 {
			return fmt.Errorf("Deployment/%s/accounts-api: want LEGACY_SESSION_STORE on 3 available replicas, got %v, %d", ns, legacy, d.Status.AvailableReplicas)
		}
		return nil
	})
}
