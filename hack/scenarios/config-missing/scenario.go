// Package configmissing reproduces a release that reads a ConfigMap key
// nobody added: accounts-api 2.4.0 takes DATABASE_URL from
// accounts-api-config, the commit forgets to add the key to the ConfigMap,
// Flux applies both, and the kubelet cannot build the new container's
// environment (CreateContainerConfigError). The old pods keep serving.
package configmissing

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "crm"
	gitPath  = "tenants/crm"
	oldImage = "registry.example.com/crm/accounts-api:2.3.0"
	newImage = "registry.example.com/crm/accounts-api:2.4.0"
	selector = "app.kubernetes.io/name=accounts-api"
	// The kubelet's error (kubelet_pods.go makeEnvironmentVariables).
	missingKey = "couldn't find key DATABASE_URL in ConfigMap crm/accounts-api-config"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "crm", URL: "https://git.example.com/sales/crm-gitops.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/config-missing.
func Scenario() scenarios.Scenario {
	// The kubelet never starts a 2.4.0 container: it fails before that.
	hold := scenarios.PodReadyUnlessImage(newImage)
	return scenarios.Scenario{
		Name:       "config-missing",
		Question:   "why does the new accounts-api pod never start?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "worker-pool-a-7kq2", "worker-pool-a-m9xt"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "accounts-api.yaml", "desired/accounts-api-2.3.0.yaml",
		"accounts-api-config.yaml", "desired/accounts-api-config.yaml", "crm-frontend.yaml", "desired/crm-frontend.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "crm: accounts-api 2.3.0 and frontend", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	for _, d := range []string{"accounts-api", "crm-frontend"} {
		if err := e.WaitDeployment(ctx, ns, d, scenarios.Available(2)); err != nil {
			return err
		}
	}
	front, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=crm-frontend", "registry.example.com/crm/crm-frontend:5.0.3")
	if err != nil || len(front) == 0 {
		return fmt.Errorf("crm-frontend pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &front[0], "nginx", 8080, "/", 1); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	release, err := scenarios.Files(desired, gitPath, "accounts-api.yaml", "desired/accounts-api-2.4.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "crm: accounts-api 2.4.0 reads DATABASE_URL", time.Now(), release); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	return e.ConfigErrorAfterPull(ctx, &pods[0], scenarios.ConfigError{Container: "api", Image: newImage, PullTook: "1.874s", ImageBytes: 48213377, Message: missingKey})
}

// check asserts what the controllers did: two available 2.3.0 pods, one
// 2.4.0 pod waiting in CreateContainerConfigError, still, five seconds
// later; the ConfigMap really lacks the key.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "accounts-api", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := d.Status; s.AvailableReplicas != 2 || s.UpdatedReplicas != 1 || s.UnavailableReplicas != 1 {
			return fmt.Errorf("Deployment/%s/accounts-api: want 2 available, 1 updated and unavailable, got %+v", ns, s)
		}
		cm, err := e.Client.CoreV1().ConfigMaps(ns).Get(ctx, "accounts-api-config", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if _, ok := cm.Data["DATABASE_URL"]; ok {
			return fmt.Errorf("ConfigMap/%s/accounts-api-config: has DATABASE_URL", ns)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/accounts-api: %d pods of 2.4.0, want 1 (%v)", ns, len(pods), err)
		}
		if w := pods[0].Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CreateContainerConfigError" {
			return fmt.Errorf("Pod/%s/%s: want waiting CreateContainerConfigError, got %+v", ns, pods[0].Name, pods[0].Status.ContainerStatuses[0].State)
		}
		old, err := e.PodsWithImage(ctx, ns, selector, oldImage)
		if err != nil || len(old) != 2 {
			return fmt.Errorf("Deployment/%s/accounts-api: %d pods of 2.3.0, want 2 (%v)", ns, len(old), err)
		}
		return nil
	})
}
