// Package servicerenameddns reproduces a client left behind by a rename:
// a commit renames Service inventory-cache to redis-inventory (the
// platform's naming convention); Flux applies the new Service and prunes
// the old one. inventory-api reads REDIS_ADDR=inventory-cache.warehouse.
// svc.cluster.local:6379 at start, and its pods, restarted by the next
// node maintenance, crash-loop: the cluster DNS rightly answers NXDOMAIN
// ("lookup ...: no such host"). DNS is healthy; the name is stale.
package servicerenameddns

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml desired/*.tmpl
var desired embed.FS

const (
	ns       = "warehouse"
	gitPath  = "apps/warehouse"
	apiImage = "registry.example.com/warehouse/inventory-api:7.1.2"
	selector = "app.kubernetes.io/name=inventory-api"
	oldName  = "inventory-cache"
	newName  = "redis-inventory"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "warehouse", URL: "https://git.example.com/logistics/warehouse-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/service-renamed-dns.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "service-renamed-dns",
		Question:   "inventory-api crash-loops with DNS errors since this morning; is the cluster DNS broken?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "api"}}},
		Run:        run,
		Check:      check,
	}
}

func files(service string) (map[string][]byte, error) {
	out, err := scenarios.Files(desired, gitPath, "inventory-api.yaml", "desired/inventory-api.yaml")
	if err != nil {
		return nil, err
	}
	b, err := desired.ReadFile("desired/cache.yaml.tmpl")
	if err != nil {
		return nil, err
	}
	out[gitPath+"/cache.yaml"] = []byte(strings.ReplaceAll(string(b), "{{SERVICE}}", service))
	return out, nil
}

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
	var renamed time.Time
	for _, c := range []struct{ message, service string }{
		{"warehouse: inventory-api 7.1.2 with its cache", oldName},
		{"inventory-cache: rename the Service to redis-inventory (naming convention)", newName},
	} {
		fs, err := files(c.service)
		if err != nil {
			return err
		}
		if renamed, err = e.Ship(ctx, flux, c.message, fs); err != nil {
			return err
		}
		for _, d := range []string{"inventory-cache", "inventory-api"} {
			if err := e.WaitDeployment(ctx, ns, d, scenarios.Available(map[string]int32{"inventory-cache": 1, "inventory-api": 2}[d])); err != nil {
				return err
			}
		}
		time.Sleep(2 * time.Second)
	}
	pods, err := e.PodsWithImage(ctx, ns, selector, apiImage)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("inventory-api pods: %d (%v)", len(pods), err)
	}
	// The pods restart (the node maintenance's doing) and cannot resolve
	// the old name at start.
	time.Sleep(3 * time.Second)
	start := time.Now().Add(-20 * time.Second)
	return e.CrashLoopAll(ctx, ns, pods, apiLog(start), scenarios.CrashLoop{
		Container: "api", Reason: "Error", ExitCode: 1, Restarts: 3,
		LastStart: start, LastFinish: start.Add(120 * time.Millisecond),
		FirstBackOff: renamed.Add(4 * time.Second), BackOffs: 4, Backoff: 40 * time.Second,
	})
}

func apiLog(started time.Time) []testcluster.LogLine {
	line := func(d time.Duration, text string) testcluster.LogLine {
		return testcluster.LogLine{Time: started.Add(d), Stream: "stderr", Text: text}
	}
	ts := func(d time.Duration) string { return started.Add(d).UTC().Format("2006/01/02 15:04:05") }
	return []testcluster.LogLine{
		line(30*time.Millisecond, ts(30*time.Millisecond)+" inventory-api 7.1.2 starting"),
		line(90*time.Millisecond, ts(90*time.Millisecond)+" redis: dial tcp: lookup inventory-cache.warehouse.svc.cluster.local on 10.96.0.10:53: no such host"),
		line(100*time.Millisecond, ts(100*time.Millisecond)+" fatal: cache unavailable"),
	}
}

// check asserts the state: the old Service is gone, the new one routes to
// the cache, and both inventory-api pods are in CrashLoopBackOff.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if _, err := e.Client.CoreV1().Services(ns).Get(ctx, oldName, metav1.GetOptions{}); err == nil {
			return fmt.Errorf("Service/%s/%s: want pruned", ns, oldName)
		}
		if _, err := e.Client.CoreV1().Services(ns).Get(ctx, newName, metav1.GetOptions{}); err != nil {
			return err
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, apiImage)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("inventory-api: %d pods (%v)", len(pods), err)
		}
		for _, p := range pods {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CrashLoopBackOff" {
				return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff", ns, p.Name)
			}
		}
		return nil
	})
}
