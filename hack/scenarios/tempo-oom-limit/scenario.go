// Package tempooomlimit reproduces the Tempo incident (seed 000, second
// half): tempo-0 is OOM-killed under a 384Mi limit and crash-loops; the
// fix commit raises the limit to 768Mi and sets GOMEMLIMIT, Flux applies
// it, but the StatefulSet controller (OrderedReady) does not replace a pod
// that is not Ready, so tempo-0 keeps the old limit.
package tempooomlimit

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
	ns      = "tempo"
	gitPath = "apps/tempo"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "observability", URL: "https://git.example.com/platform/observability.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/tempo-oom-limit.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "tempo-oom-limit",
		Question:   "why does tempo-0 still crash after the memory limit was raised in Git?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Pod: "tempo-0", Container: "tempo"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "node-a", "node-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "service.yaml", "desired/service.yaml",
		"statefulset.yaml", "desired/tempo-384Mi.yaml", "otel-collector.yaml", "desired/otel-collector.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "tempo: single-binary StatefulSet with a 384Mi limit", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := waitTempo(ctx, e, func(ready, updated int32) bool { return ready == 1 }); err != nil {
		return err
	}
	collectors, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=otel-collector"})
	if err != nil || len(collectors.Items) == 0 {
		return fmt.Errorf("otel-collector pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &collectors.Items[0], "otel-collector", 13133, "/", 1); err != nil {
		return err
	}

	// Ingest grows past 384Mi: the kernel kills tempo, the kubelet restarts
	// it with a growing back-off.
	started, err := podStarted(ctx, e, "tempo-0")
	if err != nil {
		return err
	}
	now := time.Now()
	// Both the run before and the last run started, ingested and died
	// without a word: the kernel's kill is not in the process log.
	if err := e.Cluster.WritePreviousContainerLog(ns, "tempo-0", "tempo", tempoLog(started)); err != nil {
		return err
	}
	if err := e.Cluster.WriteContainerLog(ns, "tempo-0", "tempo", tempoLog(now.Add(-3*time.Second))); err != nil {
		return err
	}
	if err := e.CrashLoopBackOff(ctx, ns, "tempo-0", scenarios.CrashLoop{
		Container: "tempo", Reason: "OOMKilled", ExitCode: 137, Restarts: 4,
		LastStart: now.Add(-3 * time.Second), LastFinish: now.Add(-time.Second),
		FirstBackOff: started.Add(time.Second), BackOffs: 6, Backoff: 40 * time.Second,
	}); err != nil {
		return err
	}

	// The fix: 768Mi and GOMEMLIMIT, applied by Flux.
	time.Sleep(2 * time.Second)
	fix, err := scenarios.Files(desired, gitPath, "statefulset.yaml", "desired/tempo-768Mi.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "tempo: 768Mi limit and GOMEMLIMIT", time.Now(), fix); err != nil {
		return err
	}
	return e.Reconcile(ctx, flux, sha, time.Now())
}

func waitTempo(ctx context.Context, e *scenarios.Env, ok func(ready, updated int32) bool) error {
	return e.Wait(ctx, "StatefulSet/tempo/tempo", 2*time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "tempo", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return s.Status.ObservedGeneration == s.Generation && ok(s.Status.ReadyReplicas, s.Status.UpdatedReplicas), fmt.Errorf("status %+v", s.Status)
	})
}

func podStarted(ctx context.Context, e *scenarios.Env, pod string) (time.Time, error) {
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return time.Time{}, fmt.Errorf("Pod/%s/%s: %w", ns, pod, err)
	}
	if p.Status.StartTime == nil {
		return time.Time{}, fmt.Errorf("Pod/%s/%s: not started", ns, pod)
	}
	return p.Status.StartTime.Time, nil
}

// tempoLog is one run's log: Tempo starts and ingests, until the kill.
func tempoLog(started time.Time) []testcluster.LogLine {
	line := func(d time.Duration, text string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf("level=info ts=%s %s", ts.UTC().Format("2006-01-02T15:04:05.000000000Z"), text)}
	}
	return []testcluster.LogLine{
		line(300*time.Millisecond, `caller=main.go:225 msg="initialising OpenTracing tracer"`),
		line(900*time.Millisecond, `caller=main.go:118 msg="Starting Tempo" version="(version=2.4.1, branch=HEAD, revision=f2fd3aa4c)"`),
		line(1500*time.Millisecond, `caller=app.go:188 msg="Tempo started"`),
		line(2500*time.Millisecond, `caller=flush.go:253 msg="completing block" userid=single-tenant blockID=1c2d7e5a-3c7b-4a38-9b2e-0b6d1f2a9c41`),
	}
}
