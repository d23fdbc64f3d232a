// Package pullsecretmissing reproduces a tenant onboarded without its
// registry credentials: the commit that creates the analytics namespace's
// workloads names image pull Secret ghcr-pull, which the platform copies
// only into namespaces it was told about, so it does not exist there.
// The kubelet warns that it cannot read the Secret
// (FailedToRetrieveImagePullSecret) and pulls anonymously; the private
// registry answers 401, and both pods wait in ImagePullBackOff. Nothing
// is wrong with the registry or the credentials themselves.
package pullsecretmissing

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
	ns       = "analytics"
	gitPath  = "tenants/analytics"
	image    = "ghcr.io/acme/metrics-api:2.0.1"
	selector = "app.kubernetes.io/name=metrics-api"
	secret   = "ghcr-pull"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "analytics", URL: "https://git.example.com/platform/tenants.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/pull-secret-missing.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(image)
	return scenarios.Scenario{
		Name:       "pull-secret-missing",
		Question:   "the new analytics tenant's metrics-api never starts; is the registry down?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        run,
		Check:      check,
	}
}

// anonymous401 is containerd's error when the registry refuses an
// anonymous token for a private repository.
const anonymous401 = `failed to pull and unpack image "` + image + `": failed to resolve reference "` + image +
	`": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%3Aacme%2Fmetrics-api%3Apull&service=ghcr.io: 401 Unauthorized`

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-a", "worker-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	fs, err := scenarios.Files(desired, gitPath, "metrics-api.yaml", "desired/metrics-api.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "analytics: onboard the tenant with metrics-api 2.0.1", fs); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, image, 2)
	if err != nil {
		return err
	}
	created := pods[0].CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(15 * time.Second)))
	for i := range pods {
		p := &pods[i]
		// The kubelet warns on every pod sync that it cannot read the
		// Secret, then pulls without it.
		if _, err := e.KubeletEvent(ctx, p, "", "Warning", "FailedToRetrieveImagePullSecret",
			fmt.Sprintf("Unable to retrieve some image pull secrets (%s); attempting to pull the image may not succeed.", secret),
			4, created.Add(900*time.Millisecond), time.Now()); err != nil {
			return err
		}
		if err := e.ImagePullBackOff(ctx, ns, p.Name, scenarios.ImagePull{
			Container: "api", Image: image, Err: anonymous401,
			Pulls: 2, BackOffs: 3, First: created.Add(time.Second),
		}); err != nil {
			return err
		}
	}
	return nil
}

// check asserts the state: Secret ghcr-pull does not exist in the
// namespace and both pods wait in ImagePullBackOff.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if _, err := e.Client.CoreV1().Secrets(ns).Get(ctx, secret, metav1.GetOptions{}); err == nil {
			return fmt.Errorf("Secret/%s/%s: want absent", ns, secret)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, image)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("metrics-api: %d pods, want 2 (%v)", len(pods), err)
		}
		for _, p := range pods {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "ImagePullBackOff" {
				return fmt.Errorf("Pod/%s/%s: want ImagePullBackOff", ns, p.Name)
			}
		}
		return nil
	})
}
