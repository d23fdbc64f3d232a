// Package resolvedbesidecurrent reproduces a resolved fault next to a
// current one in one namespace. search-indexer was OOM-killed twice while
// a bulk catalog import flooded its change stream (the kubelet restarted
// it, then backed off 10s); the third run outlived the burst and has been
// Ready since, so its pod keeps restartCount 2, lastState OOMKilled and an
// old BackOff event. Later, the catalog-api 5.3.0 release points at an
// image on ghcr.io, a private registry the cluster holds no credentials
// for: the kubelet's pulls get 401 Unauthorized and the surge pod waits in
// ImagePullBackOff, while maxUnavailable 0 keeps the three 5.2.1 pods
// serving. The failure now is catalog-api's; the indexer's OOM is history.
package resolvedbesidecurrent

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns              = "catalog"
	gitPath         = "apps/catalog"
	oldImage        = "registry.example.com/retail/catalog-api:5.2.1"
	badImage        = "ghcr.io/acme-retail/catalog-api:5.3.0"
	apiSelector     = "app.kubernetes.io/name=catalog-api"
	indexerImage    = "registry.example.com/retail/search-indexer:2.14.0"
	indexerSelector = "app.kubernetes.io/name=search-indexer"
	indexer         = "indexer"
)

// unauthorized is containerd's error when the registry refuses an
// anonymous token for a private repository.
const unauthorized = `rpc error: code = Unknown desc = failed to pull and unpack image "` + badImage + `": failed to resolve reference "` + badImage +
	`": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%3Aacme-retail%2Fcatalog-api%3Apull&service=ghcr.io: 401 Unauthorized`

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "catalog", URL: "ssh://git@github.com/acme-retail/catalog-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Timeline of search-indexer's OOM episode, set by run for check.
var (
	indexerKilled time.Time // the second kill, lastState.finishedAt
	indexerReady  time.Time // Ready again
	secondStart   time.Time // the killed run's start, lastState.startedAt
)

// Scenario returns the recorder entry for fixtures/resolved-beside-current.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(badImage)
	return scenarios.Scenario{
		Name:       "resolved-beside-current",
		Question:   "what is failing in the catalog namespace right now?",
		Namespaces: []string{ns},
		Cluster: testcluster.Options{
			Holds:   []testcluster.StageHold{hold},
			PodLogs: []testcluster.PodLog{{Namespace: ns, Container: indexer}},
		},
		Run:   run,
		Check: check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-pool-a-5b7c9-hx2lp", "worker-pool-a-5b7c9-q8tzm"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "catalog-api.yaml", "desired/catalog-api-5.2.1.yaml",
		"search-indexer.yaml", "desired/search-indexer.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "catalog: catalog-api 5.2.1 and search-indexer 2.14.0", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "catalog-api", scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "search-indexer", scenarios.Available(1)); err != nil {
		return err
	}
	if err := oomEpisode(ctx, e); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "search-indexer", scenarios.Available(1)); err != nil {
		return err
	}

	// A while later, the release.
	time.Sleep(time.Until(indexerReady.Add(20 * time.Second)))
	bump, err := scenarios.Files(desired, gitPath, "catalog-api.yaml", "desired/catalog-api-5.3.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "catalog: release catalog-api 5.3.0 (images now built to ghcr.io)", time.Now(), bump); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	// maxSurge 1, maxUnavailable 0: one pod of 5.3.0, the three old ones stay.
	pods, err := e.WaitCreatedOnNode(ctx, ns, apiSelector, badImage, 1)
	if err != nil {
		return err
	}
	created := pods[0].CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(15 * time.Second)))
	return e.ImagePullBackOff(ctx, ns, pods[0].Name, scenarios.ImagePull{
		Container: "api", Image: badImage, Err: unauthorized,
		Pulls: 2, BackOffs: 3, First: created.Add(time.Second),
	})
}

// oomEpisode plays the kubelet through search-indexer's OOM kills: the
// running container is killed 3s after the import starts, restarted at
// once and killed again 5s later, then restarted after a 10s back-off; that
// run outlives the burst, fails its first readiness probe (503) while it
// catches up with the stream, passes the next one (periodSeconds 5) and
// has been Ready since.
func oomEpisode(ctx context.Context, e *scenarios.Env) error {
	pods, err := e.PodsWithImage(ctx, ns, indexerSelector, indexerImage)
	if err != nil || len(pods) != 1 {
		return fmt.Errorf("search-indexer pods: %d (%v)", len(pods), err)
	}
	pod := pods[0].Name
	t0 := time.Now()
	secondStart, indexerKilled = t0.Add(4*time.Second), t0.Add(9*time.Second)
	time.Sleep(time.Until(indexerKilled.Add(time.Second)))
	if err := e.CrashLoopBackOff(ctx, ns, pod, scenarios.CrashLoop{
		Container: indexer, Reason: "OOMKilled", ExitCode: 137, Restarts: 2,
		LastStart: secondStart, LastFinish: indexerKilled,
		FirstBackOff: indexerKilled, BackOffs: 1, Backoff: 10 * time.Second,
	}); err != nil {
		return err
	}

	restarted := indexerKilled.Add(10 * time.Second)
	time.Sleep(time.Until(restarted))
	if err := running(ctx, e, pod, restarted, time.Time{}); err != nil {
		return err
	}
	time.Sleep(time.Until(restarted.Add(6 * time.Second)))
	indexerReady = time.Now()
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if _, err := e.KubeletEvent(ctx, p, indexer, corev1.EventTypeWarning, "Unhealthy",
		"Readiness probe failed: "+scenarios.HTTPStatusOutput(503), 1, restarted.Add(time.Second), restarted.Add(time.Second)); err != nil {
		return err
	}
	if err := running(ctx, e, pod, restarted, indexerReady); err != nil {
		return err
	}
	if err := e.Cluster.WritePreviousContainerLog(ns, "", indexer, indexerLog(secondStart, false)); err != nil {
		return err
	}
	return e.Cluster.WriteContainerLog(ns, "", indexer, indexerLog(restarted, true))
}

// running writes the kubelet's status for a container restarted at
// started: running, started, with the last termination kept; ready from
// readyAt when that is set, with the pod's Ready and ContainersReady
// conditions turning True then.
func running(ctx context.Context, e *scenarios.Env, pod string, started, readyAt time.Time) error {
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", ns, pod, err)
	}
	found := false
	for i := range p.Status.ContainerStatuses {
		cs := &p.Status.ContainerStatuses[i]
		if cs.Name != indexer {
			continue
		}
		found = true
		yes := true
		cs.Started, cs.Ready = &yes, !readyAt.IsZero()
		cs.State = corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.NewTime(started)}}
	}
	if !found {
		return fmt.Errorf("Pod/%s/%s: no status for container %s", ns, pod, indexer)
	}
	if !readyAt.IsZero() {
		for i := range p.Status.Conditions {
			c := &p.Status.Conditions[i]
			if c.Type == corev1.PodReady || c.Type == corev1.ContainersReady {
				c.Status, c.Reason, c.Message, c.LastTransitionTime = corev1.ConditionTrue, "", "", metav1.NewTime(readyAt)
			}
		}
	}
	if _, err := e.Client.CoreV1().Pods(ns).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: "kubelet"}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", ns, pod, err)
	}
	return nil
}

// indexerLog is one run of the indexer: the killed run consumes the
// import's batches until the kernel kills it without a word; the run that
// survived catches up and goes on.
func indexerLog(started time.Time, survived bool) []testcluster.LogLine {
	line := func(d time.Duration, level, text string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Text: fmt.Sprintf(`{"ts":%q,"level":%q,%s}`, ts.UTC().Format(time.RFC3339Nano), level, text)}
	}
	out := []testcluster.LogLine{
		line(200*time.Millisecond, "info", `"msg":"starting search-indexer","version":"2.14.0"`),
		line(400*time.Millisecond, "info", `"msg":"consumer joined","stream":"catalog-changes","group":"search-indexer"`),
	}
	if !survived {
		return append(out,
			line(900*time.Millisecond, "info", `"msg":"fetched batch","records":500,"bytes":48211992`),
			line(2600*time.Millisecond, "info", `"msg":"fetched batch","records":500,"bytes":51730417`),
			line(4100*time.Millisecond, "info", `"msg":"fetched batch","records":500,"bytes":50994120`),
		)
	}
	return append(out,
		line(900*time.Millisecond, "info", `"msg":"fetched batch","records":500,"bytes":49102388`),
		line(3800*time.Millisecond, "info", `"msg":"caught up","lag":0`),
		line(5500*time.Millisecond, "info", `"msg":"ready"`),
	)
}
