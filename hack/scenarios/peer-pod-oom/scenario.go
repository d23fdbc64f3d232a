// Package peerpodoom reproduces a client brought down by a peer it dials
// by pod address: cart-api reaches Redis through the headless Service
// redis (redis-0.redis.cart.svc, which resolves to the pod's IP, not to a
// ClusterIP), and redis-0, whose append-only file has outgrown its 256Mi
// limit, is OOM-killed at every start and crash-loops. cart-api logs
// go-redis's "dial tcp <redis-0's IP>:6379: connect: connection refused"
// and exits at start, so it crash-loops too. The address in the clients'
// logs belongs to a pod, not to a Service: an analysis that keeps it as a
// bare host cannot tie the clients' failure to redis-0's.
package peerpodoom

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
	ns       = "cart"
	gitPath  = "apps/cart"
	apiImage = "registry.example.com/shop/cart-api:2.9.3"
	selector = "app.kubernetes.io/name=cart-api"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "cart", URL: "https://git.example.com/shop/cart-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/peer-pod-oom.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "peer-pod-oom",
		Question:   "why are the cart-api pods crash-looping?",
		Namespaces: []string{ns},
		Cluster: testcluster.Options{PodLogs: []testcluster.PodLog{
			{Namespace: ns, Container: "api"}, {Namespace: ns, Pod: "redis-0", Container: "redis"},
		}},
		Run:   run,
		Check: check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "pool-general-7c9f-1", "pool-general-7c9f-2"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	files, err := scenarios.Files(desired, gitPath, "redis.yaml", "desired/redis.yaml", "cart-api.yaml", "desired/cart-api.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "cart: redis 7.4 with AOF, cart-api 2.9.3", time.Now(), files)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitStatefulSet(ctx, ns, "redis", scenarios.Ready(1)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "cart-api", scenarios.Available(2)); err != nil {
		return err
	}
	redis, err := e.Client.CoreV1().Pods(ns).Get(ctx, "redis-0", metav1.GetOptions{})
	if err != nil {
		return err
	}
	ip := redis.Status.PodIP
	if ip == "" {
		return fmt.Errorf("Pod/%s/redis-0: no podIP", ns)
	}
	api, err := e.PodsWithImage(ctx, ns, selector, apiImage)
	if err != nil || len(api) != 2 {
		return fmt.Errorf("cart-api pods: %d (%v)", len(api), err)
	}

	// Hours later the append-only file no longer fits: redis is killed
	// while it loads it, at every start, and the kubelet backs off.
	time.Sleep(2 * time.Second)
	now := time.Now()
	oom := now.Add(-4 * time.Minute)
	if err := e.Cluster.WritePreviousContainerLog(ns, "redis-0", "redis", redisLog(now.Add(-50*time.Second))); err != nil {
		return err
	}
	if err := e.CrashLoopBackOff(ctx, ns, "redis-0", scenarios.CrashLoop{
		Container: "redis", Reason: "OOMKilled", ExitCode: 137, Restarts: 5,
		LastStart: now.Add(-50 * time.Second), LastFinish: now.Add(-44 * time.Second),
		FirstBackOff: oom, BackOffs: 7, Backoff: 80 * time.Second,
	}); err != nil {
		return err
	}
	// The clients lost their connections and exit at start while redis
	// is down: each restart fails to dial redis-0's address.
	if err := e.Cluster.WritePreviousContainerLog(ns, "", "api", apiLog(now.Add(-20*time.Second), ip)); err != nil {
		return err
	}
	for _, p := range api {
		if err := e.CrashLoopBackOff(ctx, ns, p.Name, scenarios.CrashLoop{
			Container: "api", Reason: "Error", ExitCode: 1, Restarts: 4,
			LastStart: now.Add(-20 * time.Second), LastFinish: now.Add(-20*time.Second + 70*time.Millisecond),
			FirstBackOff: oom.Add(20 * time.Second), BackOffs: 5, Backoff: 40 * time.Second,
		}); err != nil {
			return err
		}
	}
	return nil
}

// redisLog is one start of redis-0: it loads the append-only file and is
// killed before it is ready (the kernel's kill is not in the log).
func redisLog(started time.Time) []testcluster.LogLine {
	at := func(d time.Duration, msg string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stdout", Text: "1:M " + ts.UTC().Format("02 Jan 2006 15:04:05.000") + " " + msg}
	}
	return []testcluster.LogLine{
		at(0, "* Redis version=7.4.1, bits=64, commit=00000000, modified=0, pid=1, just started"),
		at(2*time.Millisecond, "* Server initialized"),
		at(3*time.Millisecond, "* Reading RDB base file on AOF loading..."),
		at(1200*time.Millisecond, "* Loading RDB produced by version 7.4.1"),
	}
}

func apiLog(started time.Time, ip string) []testcluster.LogLine {
	at := func(d time.Duration, level, msg string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf(`{"time":%q,"level":%q,"msg":%s}`, ts.UTC().Format(time.RFC3339Nano), level, msg)}
	}
	return []testcluster.LogLine{
		at(10*time.Millisecond, "INFO", `"starting cart-api","version":"2.9.3"`),
		at(40*time.Millisecond, "ERROR", fmt.Sprintf(`"redis ping failed","addr":"redis-0.redis.cart.svc.cluster.local:6379","error":"dial tcp %s:6379: connect: connection refused"`, ip)),
		at(60*time.Millisecond, "ERROR", `"cache unavailable, exiting"`),
	}
}

// check asserts the state: redis-0 is in CrashLoopBackOff after an OOM
// kill and both cart-api pods are in CrashLoopBackOff, still, five seconds
// later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		r, err := e.Client.CoreV1().Pods(ns).Get(ctx, "redis-0", metav1.GetOptions{})
		if err != nil {
			return err
		}
		cs := r.Status.ContainerStatuses[0]
		if w, t := cs.State.Waiting, cs.LastTerminationState.Terminated; w == nil || w.Reason != "CrashLoopBackOff" || t == nil || t.Reason != "OOMKilled" {
			return fmt.Errorf("Pod/%s/redis-0: want CrashLoopBackOff after OOMKilled, got %+v", ns, cs)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, apiImage)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("Deployment/%s/cart-api: %d pods, want 2 (%v)", ns, len(pods), err)
		}
		for _, p := range pods {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CrashLoopBackOff" {
				return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff, got %+v", ns, p.Name, p.Status.ContainerStatuses[0].State)
			}
		}
		return nil
	})
}
