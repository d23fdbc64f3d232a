// Package crashloop reproduces a new workload that cannot start: Git adds
// the ledger-compactor StatefulSet with a configuration its strict parser
// rejects (retention_period is not a field), Flux applies it, and the
// process exits 1 at every start; the kubelet restarts it with a growing
// back-off (CrashLoopBackOff). ledger-api beside it stays healthy.
package crashloop

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
	ns      = "ledger"
	gitPath = "apps/ledger"
	pod     = "ledger-compactor-0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "ledger", URL: "https://git.example.com/fintech/ledger-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/crash-loop.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "crash-loop",
		Question:   "why does ledger-compactor-0 keep restarting?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Pod: pod, Container: "compactor"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "gke-prod-pool-1-a8c1", "gke-prod-pool-1-f02d"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "ledger-api.yaml", "desired/ledger-api.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "ledger: api", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "ledger-api", scenarios.Available(2)); err != nil {
		return err
	}
	api, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=ledger-api", "registry.example.com/ledger/ledger-api:7.1.4")
	if err != nil || len(api) == 0 {
		return fmt.Errorf("ledger-api pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &api[0], "api", 9000, "/readyz", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	add, err := scenarios.Files(desired, gitPath, "compactor.yaml", "desired/compactor.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "ledger: add the block compactor", time.Now(), add); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "Pod/"+ns+"/"+pod+" running", 2*time.Minute, func(ctx context.Context) (bool, error) {
		p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return p.Status.StartTime != nil && len(p.Status.ContainerStatuses) == 1 && p.Status.ContainerStatuses[0].State.Running != nil, nil
	}); err != nil {
		return err
	}
	return crash(ctx, e)
}

// crash plays the kubelet: three runs (at 0s, after 10s and after 20s of
// back-off), each exiting 1 within a second, then a 40s back-off. The
// scenario waits that long so counts and timestamps agree.
func crash(ctx context.Context, e *scenarios.Env) error {
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return err
	}
	started := p.Status.StartTime.Time
	time.Sleep(time.Until(started.Add(33 * time.Second)))
	lastStart := started.Add(31 * time.Second)
	if err := e.Cluster.WritePreviousContainerLog(ns, pod, "compactor", compactorLog(lastStart)); err != nil {
		return err
	}
	return e.CrashLoopBackOff(ctx, ns, pod, scenarios.CrashLoop{
		Container: "compactor", Reason: "Error", ExitCode: 1, Restarts: 3,
		LastStart: lastStart, LastFinish: lastStart.Add(400 * time.Millisecond),
		FirstBackOff: started.Add(time.Second), BackOffs: 5, Backoff: 40 * time.Second,
	})
}

// compactorLog is one run: the process starts, loads its configuration
// and exits on the strict parser's error.
func compactorLog(started time.Time) []testcluster.LogLine {
	line := func(d time.Duration, text string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf("level=info ts=%s %s", ts.UTC().Format("2006-01-02T15:04:05.000Z07:00"), text)}
	}
	end := started.Add(310 * time.Millisecond)
	return []testcluster.LogLine{
		line(120*time.Millisecond, `caller=main.go:61 msg="starting ledger-compactor" version=1.0.0 revision=8c1f2e0`),
		line(300*time.Millisecond, `caller=main.go:74 msg="loading configuration" file=/etc/compactor/config.yaml`),
		{Time: end, Stream: "stderr", Text: "Error: parsing /etc/compactor/config.yaml: yaml: unmarshal errors:"},
		{Time: end, Stream: "stderr", Text: "  line 5: field retention_period not found in type config.Compaction"},
	}
}

// check asserts what the controllers did: the StatefulSet created its
// pod, which is not ready, restarted 3 times and last exited 1, still,
// five seconds later; ledger-api stays available.
func check(ctx context.Context, e *scenarios.Env) error {
	// The StatefulSet controller counts the pod unready on its next sync.
	if err := e.Wait(ctx, "StatefulSet/"+ns+"/ledger-compactor unready", time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "ledger-compactor", metav1.GetOptions{})
		return err == nil && s.Status.ReadyReplicas == 0, err
	}); err != nil {
		return err
	}
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "ledger-compactor", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s.Status.Replicas != 1 || s.Status.ReadyReplicas != 0 {
			return fmt.Errorf("StatefulSet/%s/ledger-compactor: want 1 replica, 0 ready, got %+v", ns, s.Status)
		}
		p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cs := p.Status.ContainerStatuses[0]
		t := cs.LastTerminationState.Terminated
		if cs.State.Waiting == nil || cs.State.Waiting.Reason != "CrashLoopBackOff" || t == nil || t.ExitCode != 1 || cs.RestartCount != 3 {
			return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff after exit 1 and 3 restarts, got %+v", ns, pod, cs)
		}
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "ledger-api", metav1.GetOptions{})
		if err != nil || d.Status.AvailableReplicas != 2 {
			return fmt.Errorf("Deployment/%s/ledger-api: not available (%v)", ns, err)
		}
		return nil
	})
}
