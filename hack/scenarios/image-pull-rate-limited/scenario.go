// Package imagepullratelimited reproduces a release that Docker Hub
// throttles: the cluster pulls anonymously through one NAT address, and
// the commit that moves storefront-web from 3.8.1 to 3.9.0 and adds a
// redis session cache makes two pulls over the anonymous limit. The
// registry answers 429 Too Many Requests (toomanyrequests) to both new
// pods, which wait in ImagePullBackOff; the three 3.8.1 pods, pulled
// before, keep serving. Both references exist: nothing in Git is wrong.
package imagepullratelimited

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml desired/*.tmpl
var desired embed.FS

const (
	ns         = "storefront"
	gitPath    = "clusters/prod/storefront"
	webSel     = "app.kubernetes.io/name=storefront-web"
	cacheSel   = "app.kubernetes.io/name=session-cache"
	oldImage   = "docker.io/acmeshop/storefront-web:3.8.1"
	newImage   = "docker.io/acmeshop/storefront-web:3.9.0"
	cacheImage = "docker.io/library/redis:7.2.5"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "storefront", URL: "https://github.com/acmeshop/storefront-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/image-pull-rate-limited.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(newImage, cacheImage)
	return scenarios.Scenario{
		Name:       "image-pull-rate-limited",
		Question:   "why is the storefront-web 3.9.0 rollout stuck?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        run,
		Check:      check,
	}
}

func files(version string, cache bool) (map[string][]byte, error) {
	out, err := scenarios.Template(desired, "desired/storefront-web.yaml.tmpl", gitPath+"/storefront-web.yaml", "VERSION", version)
	if err != nil {
		return nil, err
	}
	if cache {
		c, err := scenarios.Files(desired, gitPath, "session-cache.yaml", "desired/session-cache.yaml")
		if err != nil {
			return nil, err
		}
		for k, v := range c {
			out[k] = v
		}
	}
	return out, nil
}

// throttled is containerd's error for a manifest request Docker Hub
// refuses over the anonymous pull limit.
func throttled(image, repo string) string {
	return fmt.Sprintf("rpc error: code = Unknown desc = failed to pull and unpack image %q: failed to copy: httpReadSeeker: failed open: "+
		"unexpected status code https://registry-1.docker.io/v2/%s/manifests/sha256:9c4b2e8f1a7d3e6b5c0f2a4d8e1b7c3f6a9d0e2b4c8f1a3d5e7b9c0d2f4a6b8e: "+
		"429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit. "+
		"You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit", image, repo)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "gke-prod-pool-1-5c9d2f1a-x7kq", "gke-prod-pool-1-5c9d2f1a-m2vd"); err != nil {
		return err
	}
	v1, err := files("3.8.1", false)
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "storefront: web 3.8.1", v1, scenarios.Deployment{Name: "storefront-web", Available: 3}); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	v2, err := files("3.9.0", true)
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "storefront: web 3.9.0 with a redis session cache", v2); err != nil {
		return err
	}
	web, err := e.WaitCreatedOnNode(ctx, ns, webSel, newImage, 1)
	if err != nil {
		return err
	}
	cache, err := e.WaitCreatedOnNode(ctx, ns, cacheSel, cacheImage, 1)
	if err != nil {
		return err
	}
	// The kubelet pulls at once, then after 10s of back-off: let that
	// time pass so the events' counts fit their timestamps.
	created := web[0].CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(15 * time.Second)))
	for _, p := range []struct {
		pod              *corev1.Pod
		container, image string
		repo             string
	}{
		{&web[0], "web", newImage, "acmeshop/storefront-web"},
		{&cache[0], "redis", cacheImage, "library/redis"},
	} {
		if err := e.ImagePullBackOff(ctx, ns, p.pod.Name, scenarios.ImagePull{
			Container: p.container, Image: p.image, Err: throttled(p.image, p.repo),
			Pulls: 2, BackOffs: 3, First: p.pod.CreationTimestamp.Add(time.Second),
		}); err != nil {
			return err
		}
	}
	return nil
}

// check asserts what the controllers did: storefront-web keeps three
// available 3.8.1 pods and one 3.9.0 pod in ImagePullBackOff, and the
// session cache's one pod waits in ImagePullBackOff, still, five seconds
// later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.SurgeHeld(ctx, ns, "storefront-web", webSel, oldImage, 3); err != nil {
			return err
		}
		for _, w := range []struct{ sel, image string }{{webSel, newImage}, {cacheSel, cacheImage}} {
			pods, err := e.PodsWithImage(ctx, ns, w.sel, w.image)
			if err != nil || len(pods) != 1 {
				return fmt.Errorf("%s: %d pods, want 1 (%v)", w.image, len(pods), err)
			}
			if st := pods[0].Status.ContainerStatuses; len(st) == 0 || st[0].State.Waiting == nil || st[0].State.Waiting.Reason != "ImagePullBackOff" {
				return fmt.Errorf("Pod/%s/%s: want waiting ImagePullBackOff, got %+v", ns, pods[0].Name, st)
			}
		}
		return nil
	})
}
