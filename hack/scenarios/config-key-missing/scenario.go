// Package configkeymissing reproduces a ConfigMap volume whose item names
// a key the ConfigMap no longer has: the commit "web: config as
// config.yaml" renames the key of web-config from app.yaml to config.yaml
// and bumps web to 2.6.0, but the Deployment's volume still projects the
// item app.yaml. Flux applies both. The running 2.5.3 pods keep the files
// they mounted; the surge pod cannot mount its volume ("configmap
// references non-existent config key: app.yaml") and waits in
// ContainerCreating. Storage is fine: the ConfigMap and the volume that
// reads it disagree in Git.
package configkeymissing

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.tmpl
var desired embed.FS

const (
	ns       = "shop"
	gitPath  = "apps/shop"
	selector = "app.kubernetes.io/name=web"
	oldImage = "registry.example.com/shop/web:2.5.3"
	newImage = "registry.example.com/shop/web:2.6.0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "https://git.example.com/shop/shop-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/config-key-missing.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "config-key-missing",
		Question:   "why does the web 2.6.0 pod stay in ContainerCreating?",
		Namespaces: []string{ns},
		// kwok starts no 2.6.0 container: its volume cannot be set up.
		Cluster: testcluster.Options{Holds: []testcluster.StageHold{scenarios.PodReadyUnlessImage(newImage)}},
		Run:     run,
		Check:   check,
	}
}

func files(version, key string) (map[string][]byte, error) {
	return scenarios.Template(desired, "desired/web.yaml.tmpl", gitPath+"/web.yaml", "VERSION", version, "KEY", key)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-60-1-12.eu-west-1.compute.internal", "ip-10-60-2-40.eu-west-1.compute.internal"); err != nil {
		return err
	}
	v1, err := files("2.5.3", "app.yaml")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "shop: web 2.5.3", v1, scenarios.Deployment{Name: "web", Available: 2}); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	v2, err := files("2.6.0", "config.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "web: config as config.yaml, web 2.6.0", v2); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	// The kubelet retries the mount with back-off (0.5s doubling to 2m).
	created := pods[0].CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(20 * time.Second)))
	_, err = e.KubeletEvent(ctx, &pods[0], "", corev1.EventTypeWarning, "FailedMount",
		`MountVolume.SetUp failed for volume "config" : configmap references non-existent config key: app.yaml`, 8, created.Add(time.Second), time.Now())
	return err
}

// check asserts the state left: web keeps two available 2.5.3 pods and
// one 2.6.0 pod Pending, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.SurgeHeld(ctx, ns, "web", selector, oldImage, 2); err != nil {
			return err
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/web: %d pods of 2.6.0, want 1 (%v)", ns, len(pods), err)
		}
		if pods[0].Status.Phase != corev1.PodPending {
			return fmt.Errorf("Pod/%s/%s: want Pending, got %s", ns, pods[0].Name, pods[0].Status.Phase)
		}
		return nil
	})
}
