// Package helmupgradetimeout reproduces a HelmRelease whose upgrade runs
// out of Helm's --wait: Git moves payments-api's chart from 1.4.0 to 1.5.0,
// whose Deployment reads LEDGER_DB_PASSWORD from the Secret
// payments-ledger-db that nobody created. helm-controller applies the
// release, the Deployment controller surges one pod of the new template,
// and the kubelet cannot build its environment (CreateContainerConfigError).
// After spec.timeout (1m) helm-controller records the upgrade failed,
// "context deadline exceeded", and, with no remediation configured, leaves
// the release failed; the two 1.4.0 pods keep serving.
package helmupgradetimeout

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml chart/*.yaml
var files embed.FS

const (
	ns       = "payments"
	gitPath  = "clusters/prod/payments"
	oldImage = "registry.example.com/payments/payments-api:1.4.0"
	newImage = "registry.example.com/payments/payments-api:1.5.0"
	selector = "app.kubernetes.io/name=payments-api"
	timeout  = time.Minute
	// The kubelet's error (kubelet_pods.go makeEnvironmentVariables).
	missingSecret = `secret "payments-ledger-db" not found`
)

var (
	flux = scenarios.FluxSync{
		Namespace: "flux-system", Name: "payments", URL: "https://git.example.com/fin/payments-gitops.git",
		Path: "./" + gitPath, TargetNamespace: ns,
	}
	helm = scenarios.HelmSync{Namespace: ns, Name: "payments-api", Chart: "payments-api", RepoNamespace: ns, Repo: "platform-charts"}
)

// Scenario returns the recorder entry for fixtures/helm-upgrade-timeout.
func Scenario() scenarios.Scenario {
	// The kubelet never starts a 1.5.0 container: it fails before that.
	hold := scenarios.PodReadyUnlessImage(newImage)
	return scenarios.Scenario{
		Name:       "helm-upgrade-timeout",
		Question:   "flux says the payments-api HelmRelease upgrade to 1.5.0 failed with context deadline exceeded; why?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        run,
		Check:      check,
	}
}

func chart(version string) ([]byte, error) {
	return files.ReadFile("chart/payments-api-" + version + ".yaml")
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-42-3-18.eu-west-1.compute.internal", "ip-10-42-4-77.eu-west-1.compute.internal"); err != nil {
		return err
	}
	v1, err := scenarios.Files(files, gitPath, "helmrelease.yaml", "desired/helmrelease-1.4.0.yaml",
		"helmrepository.yaml", "desired/helmrepository.yaml")
	if err != nil {
		return err
	}
	m, err := chart("1.4.0")
	if err != nil {
		return err
	}
	history, err := e.HelmInstall(ctx, flux, helm, "payments: payments-api chart 1.4.0", v1, "1.4.0", m, 2)
	if err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	bump, err := scenarios.Files(files, gitPath, "helmrelease.yaml", "desired/helmrelease-1.5.0.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "payments: payments-api chart 1.5.0 (ledger database)", time.Now(), bump)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.HelmRepositoryReady(ctx, helm, "1.5.0", time.Now()); err != nil {
		return err
	}
	if m, err = chart("1.5.0"); err != nil {
		return err
	}
	upgrade := scenarios.HelmRelease{Version: "1.5.0", Manifests: m, Revision: 2, Started: time.Now(), Err: "context deadline exceeded"}
	if err := e.HelmApply(ctx, helm, upgrade); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	if err := e.ConfigErrorAfterPull(ctx, &pods[0], scenarios.ConfigError{Container: "api", Image: newImage, PullTook: "2.311s", ImageBytes: 61730114, Message: missingSecret}); err != nil {
		return err
	}
	upgrade.Ended = upgrade.Started.Add(timeout)
	time.Sleep(time.Until(upgrade.Ended.Add(time.Second)))
	_, err = e.HelmRecord(ctx, helm, upgrade, history)
	return err
}

// check asserts what the controllers did: two available 1.4.0 pods, one
// 1.5.0 pod waiting in CreateContainerConfigError, still, five seconds
// later; the Secret really does not exist.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "payments-api", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := d.Status; s.AvailableReplicas != 2 || s.UpdatedReplicas != 1 || s.UnavailableReplicas != 1 {
			return fmt.Errorf("Deployment/%s/payments-api: want 2 available, 1 updated, 1 unavailable, got %+v", ns, s)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/payments-api: %d pods of 1.5.0, want 1 (%v)", ns, len(pods), err)
		}
		w := pods[0].Status.ContainerStatuses[0].State.Waiting
		if w == nil || w.Reason != "CreateContainerConfigError" {
			return fmt.Errorf("Pod/%s/%s: want waiting CreateContainerConfigError, got %+v", ns, pods[0].Name, pods[0].Status.ContainerStatuses[0].State)
		}
		if old, err := e.PodsWithImage(ctx, ns, selector, oldImage); err != nil || len(old) != 2 {
			return fmt.Errorf("Deployment/%s/payments-api: %d pods of 1.4.0, want 2 (%v)", ns, len(old), err)
		}
		if _, err := e.Client.CoreV1().Secrets(ns).Get(ctx, "payments-ledger-db", metav1.GetOptions{}); err == nil {
			return fmt.Errorf("Secret/%s/payments-ledger-db exists", ns)
		}
		return nil
	})
}
