// Package imagearchmismatch reproduces a release whose image was built for
// the wrong CPU architecture: the cluster's nodes are arm64 (Graviton), the
// images of checkout up to 2.0.3 were multi-architecture, and a change to
// the build pipeline published 2.1.0 for linux/amd64 only. Flux applies the
// release; the surge pod's container cannot run its entrypoint ("exec
// /app/checkout: exec format error") and crash-loops, while the two 2.0.3
// pods keep serving. The reference exists and pulls; what is wrong is the
// image's platform, fixed where the image is built.
package imagearchmismatch

import (
	"context"
	"embed"
	"fmt"
	"time"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.tmpl
var desired embed.FS

const (
	ns       = "shop"
	gitPath  = "apps/shop"
	selector = "app.kubernetes.io/name=checkout"
	oldImage = "registry.example.com/shop/checkout:2.0.3"
	newImage = "registry.example.com/shop/checkout:2.1.0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "https://git.example.com/shop/shop-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/image-arch-mismatch.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "image-arch-mismatch",
		Question:   "why does checkout 2.1.0 crash-loop when 2.0.3 runs fine?",
		Namespaces: []string{ns},
		// kwok never starts a 2.1.0 container: it cannot exec.
		Cluster: testcluster.Options{
			PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "app"}},
			Holds:   []testcluster.StageHold{scenarios.PodReadyUnlessImage(newImage)},
		},
		Run:   run,
		Check: check,
	}
}

func files(version string) (map[string][]byte, error) {
	return scenarios.Template(desired, "desired/checkout.yaml.tmpl", gitPath+"/checkout.yaml", "VERSION", version)
}

func run(ctx context.Context, e *scenarios.Env) error {
	arm := map[string]string{"kubernetes.io/arch": "arm64", "node.kubernetes.io/instance-type": "m7g.xlarge"}
	for _, n := range []string{"ip-10-12-3-44.eu-west-1.compute.internal", "ip-10-12-9-201.eu-west-1.compute.internal"} {
		if _, err := e.Cluster.AddNode(ctx, testcluster.NodeSpec{Name: n, CPU: "4", Memory: "16Gi", Labels: arm}); err != nil {
			return err
		}
	}
	v1, err := files("2.0.3")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "shop: checkout 2.0.3", v1, scenarios.Deployment{Name: "checkout", Available: 2}); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	v2, err := files("2.1.0")
	if err != nil {
		return err
	}
	applied, err := e.Ship(ctx, flux, "shop: checkout 2.1.0", v2)
	if err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	time.Sleep(time.Until(applied.Add(30 * time.Second)))
	lastStart := applied.Add(22 * time.Second)
	previous := []testcluster.LogLine{{Time: lastStart.Add(20 * time.Millisecond), Stream: "stderr", Text: "exec /app/checkout: exec format error"}}
	return e.CrashLoopAll(ctx, ns, pods, previous, scenarios.CrashLoop{
		Container: "app", Reason: "Error", ExitCode: 255, Restarts: 2,
		LastStart: lastStart, LastFinish: lastStart.Add(30 * time.Millisecond),
		FirstBackOff: applied.Add(4 * time.Second), BackOffs: 3, Backoff: 20 * time.Second,
	})
}

// check asserts what the controllers did: checkout keeps two available
// 2.0.3 pods and one 2.1.0 pod in CrashLoopBackOff, still, five seconds
// later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.SurgeHeld(ctx, ns, "checkout", selector, oldImage, 2); err != nil {
			return err
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/checkout: %d pods of 2.1.0, want 1 (%v)", ns, len(pods), err)
		}
		if w := pods[0].Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CrashLoopBackOff" {
			return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff, got %+v", ns, pods[0].Name, pods[0].Status.ContainerStatuses[0].State)
		}
		return nil
	})
}
