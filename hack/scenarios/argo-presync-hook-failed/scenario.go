// Package argopresynchookfailed reproduces an Argo CD sync stopped by its
// PreSync hook: Git moves storefront from 3.1.0 to 3.2.0 and adds the
// db-migrate Job as a PreSync hook. Argo CD runs the hook first; the
// migration exits 1 on each of its two attempts (a column it renames was
// already dropped by hand), the Job controller gives up
// (BackoffLimitExceeded), and the sync fails before it applies anything:
// "one or more synchronization tasks completed unsuccessfully". storefront
// keeps running 3.1.0, healthy; the Application is OutOfSync.
package argopresynchookfailed

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns           = "retail"
	gitPath      = "apps/storefront"
	migrateImage = "ghcr.io/acme-retail/storefront-migrations:3.2.0"
	hookMessage  = "Job has reached the specified backoff limit"
)

var app = scenarios.ArgoApp{
	Namespace: "argocd", Name: "storefront", RepoURL: "https://github.example.com/acme-retail/deploy.git",
	Path: gitPath, Dest: ns,
}

// Scenario returns the recorder entry for fixtures/argo-presync-hook-failed.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(migrateImage)
	return scenarios.Scenario{
		Name:       "argo-presync-hook-failed",
		Question:   "Argo CD says the storefront 3.2.0 sync failed: one or more synchronization tasks completed unsuccessfully; what failed?",
		Namespaces: []string{ns},
		Cluster: testcluster.Options{Holds: []testcluster.StageHold{hold},
			PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "migrate"}}},
		Run:   run,
		Check: check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "gke-retail-default-pool-5f2c", "gke-retail-default-pool-9b1d"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, app.Namespace); err != nil {
		return err
	}
	if err := e.InstallArgoCRD(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "storefront.yaml", "desired/storefront-3.1.0.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "storefront 3.1.0", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.ArgoSync(ctx, app, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "storefront", scenarios.Available(2)); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "storefront.yaml", "desired/storefront-3.2.0.yaml",
		"db-migrate.yaml", "desired/db-migrate-3.2.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "storefront 3.2.0 with the orders schema migration", time.Now(), v2); err != nil {
		return err
	}
	started := time.Now()
	// The PreSync phase: Argo CD creates the hook alone, with its tracking
	// label, and waits for it before it applies anything else.
	hook, err := desired.ReadFile("desired/db-migrate-3.2.0.yaml")
	if err != nil {
		return err
	}
	opts := scenarios.ApplyOptions{FieldManager: "argocd-controller", Labels: map[string]string{"app.kubernetes.io/instance": app.Name}, Namespace: ns}
	if _, err := e.Apply(ctx, hook, opts); err != nil {
		return err
	}
	for attempt := 1; attempt <= 2; attempt++ {
		if err := failAttempt(ctx, e, attempt); err != nil {
			return err
		}
	}
	if err := e.Wait(ctx, "Job/"+ns+"/db-migrate failed", 2*time.Minute, func(ctx context.Context) (bool, error) {
		j, err := e.Client.BatchV1().Jobs(ns).Get(ctx, "db-migrate", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		for _, c := range j.Status.Conditions {
			if c.Type == "Failed" && c.Status == corev1.ConditionTrue {
				return true, nil
			}
		}
		return false, nil
	}); err != nil {
		return err
	}
	return e.ArgoHookFailed(ctx, app, sha, scenarios.ArgoHook{Kind: "Job", Group: "batch", Version: "v1", Name: "db-migrate", Type: "PreSync", Message: hookMessage}, started, time.Now())
}

// failAttempt waits for the Job controller's attempt-th pod and plays the
// kubelet: the container runs the migration, logs its error and exits 1.
func failAttempt(ctx context.Context, e *scenarios.Env, attempt int) error {
	var pod *corev1.Pod
	if err := e.Wait(ctx, fmt.Sprintf("db-migrate attempt %d", attempt), 2*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "job-name=db-migrate"})
		if err != nil {
			return false, err
		}
		for i := range pods.Items {
			p := &pods.Items[i]
			if p.Status.Phase != corev1.PodFailed && p.Spec.NodeName != "" {
				pod = p
				return true, nil
			}
		}
		return false, nil
	}); err != nil {
		return err
	}
	time.Sleep(3 * time.Second)
	start := time.Now().Add(-2 * time.Second)
	end := start.Add(1600 * time.Millisecond)
	line := func(d time.Duration, text string) testcluster.LogLine {
		return testcluster.LogLine{Time: start.Add(d), Stream: "stderr", Text: text}
	}
	if err := e.Cluster.WriteContainerLog(ns, "", "migrate", []testcluster.LogLine{
		line(200*time.Millisecond, "2026/12/03 migrate: connected to orders-db.retail.svc:5432/orders"),
		line(900*time.Millisecond, "2026/12/03 migrate: applying 20261201_rename_customer_ref (up)"),
		line(1500*time.Millisecond, `error: migration 20261201_rename_customer_ref failed: pq: column "customer_ref" does not exist (SQLSTATE 42703)`),
	}); err != nil {
		return err
	}
	return e.FailPod(ctx, ns, pod.Name, "migrate", 1, start, end)
}

// check asserts what the controllers did: the Job failed after two pods
// exited 1, and storefront still runs 3.1.0, available.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		j, err := e.Client.BatchV1().Jobs(ns).Get(ctx, "db-migrate", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if j.Status.Failed != 2 {
			return fmt.Errorf("Job/%s/db-migrate: %d failed pods, want 2", ns, j.Status.Failed)
		}
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "storefront", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if d.Status.AvailableReplicas != 2 || d.Spec.Template.Spec.Containers[0].Image != "ghcr.io/acme-retail/storefront:3.1.0" {
			return fmt.Errorf("Deployment/%s/storefront: want 3.1.0 with 2 available, got %s, %+v", ns, d.Spec.Template.Spec.Containers[0].Image, d.Status)
		}
		return nil
	})
}
