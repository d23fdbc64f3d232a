// Package daemonsetondeletestale reproduces a node agent whose fix never
// reaches its pods: the node-log-shipper DaemonSet (Fluent Bit, tail from
// the head of every container log) runs with a 64Mi memory limit and is
// OOM-killed on every node while it reads the backlog. The fix commit
// raises the limit to 256Mi and Flux applies it; the DaemonSet controller
// records a new ControllerRevision, but the DaemonSet uses
// updateStrategy OnDelete, so the real controller replaces no pod until
// someone deletes it: updatedNumberScheduled stays 0 and the old pods keep
// being OOM-killed under 64Mi after the fix. log-aggregator, the
// Deployment the shippers forward to, is a healthy neighbour.
package daemonsetondeletestale

import (
	"context"
	"embed"
	"fmt"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns        = "logging"
	gitPath   = "infrastructure/logging"
	ds        = "node-log-shipper"
	container = "fluent-bit"
	selector  = "app.kubernetes.io/name=node-log-shipper"
)

var nodes = []string{"ip-10-42-1-118.eu-west-1.compute.internal", "ip-10-42-2-57.eu-west-1.compute.internal", "ip-10-42-3-203.eu-west-1.compute.internal"}

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "logging", URL: "https://github.com/acme-platform/cluster-infra.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// fixedAt is when Flux applied the 256Mi fix; check asserts the pods were
// OOM-killed again after it.
var fixedAt time.Time

// Scenario returns the recorder entry for fixtures/daemonset-ondelete-stale.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "daemonset-ondelete-stale",
		Question:   "why is node-log-shipper still OOM-killed on every node after the memory limit was raised in Git?",
		Namespaces: []string{ns},
		// Every shipper reads the same kind of backlog and dies the same way.
		Cluster: testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Container: container}}},
		Run:     run,
		Check:   check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", nodes...); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "node-log-shipper.yaml", "desired/node-log-shipper-64Mi.yaml",
		"node-log-shipper-config.yaml", "desired/node-log-shipper-config.yaml", "log-aggregator.yaml", "desired/log-aggregator.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "logging: fluent-bit node shipper forwarding to the vector aggregator", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "log-aggregator", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := waitShippers(ctx, e)
	if err != nil {
		return err
	}
	agg, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=log-aggregator", "docker.io/timberio/vector:0.39.0-distroless-libc")
	if err != nil || len(agg) == 0 {
		return fmt.Errorf("log-aggregator pods: %v", err)
	}
	// Noise: vector refused its first readiness probe while it loaded its
	// configuration, Ready since.
	if err := e.StartupRefusals(ctx, &agg[0], "vector", 8686, "/health", 1); err != nil {
		return err
	}

	// Each shipper reads every container log from the head and passes its
	// 64Mi limit within seconds: killed at once, restarted, killed again,
	// then restarted after 10s and 20s of back-off.
	latest := time.Time{}
	for _, p := range pods {
		if s := p.Status.StartTime.Time; s.After(latest) {
			latest = s
		}
	}
	time.Sleep(time.Until(latest.Add(24 * time.Second)))
	for _, p := range pods {
		if err := e.CrashLoopBackOff(ctx, ns, p.Name, crashes(latest, 3)); err != nil {
			return err
		}
	}

	// The fix: 256Mi, applied by Flux while the shippers crash-loop.
	time.Sleep(3 * time.Second)
	fix, err := scenarios.Files(desired, gitPath, "node-log-shipper.yaml", "desired/node-log-shipper-256Mi.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "node-log-shipper: raise the memory limit to 256Mi (OOMKilled reading the backlog)", time.Now(), fix); err != nil {
		return err
	}
	fixedAt = time.Now()
	if err := e.Reconcile(ctx, flux, sha, fixedAt); err != nil {
		return err
	}

	// After the 20s back-off each old pod restarts under 64Mi and is
	// killed again: the fix did not reach it.
	time.Sleep(time.Until(latest.Add(48 * time.Second)))
	last := crashes(latest, 4)
	for _, p := range pods {
		if err := stillCrashing(ctx, e, p.Name, last, 7); err != nil {
			return err
		}
	}
	// The kubelet serves the last run's log, current and --previous alike,
	// while the container waits in back-off: it ends without a word.
	if err := e.Cluster.WriteContainerLog(ns, "", container, shipperLog(last.LastStart)); err != nil {
		return err
	}
	return e.Cluster.WritePreviousContainerLog(ns, "", container, shipperLog(last.LastStart))
}

// crashes is the kubelet's record after restarts restarts of a shipper,
// counted from s, when the last of the three pods started (the others
// started a few seconds earlier and lived that much longer): each run is
// killed 4s after it starts; the first restart is immediate, then the
// back-off is 10s and doubles. Restarts 2 and later start after s.
func crashes(s time.Time, restarts int32) scenarios.CrashLoop {
	starts := []time.Duration{0, 5 * time.Second, 19 * time.Second, 43 * time.Second, 87 * time.Second}
	backoff := []time.Duration{0, 10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second}
	last := s.Add(starts[restarts-1])
	return scenarios.CrashLoop{
		Container: container, Reason: "OOMKilled", ExitCode: 137, Restarts: restarts,
		LastStart: last, LastFinish: last.Add(4 * time.Second),
		FirstBackOff: s.Add(9 * time.Second), BackOffs: 3, Backoff: backoff[restarts-1],
	}
}

// stillCrashing is the kubelet's next report on a pod already in
// CrashLoopBackOff: another run killed, the restart count and the back-off
// grown, and the existing BackOff event repeated (the recorder aggregates
// it into one Event with a count).
func stillCrashing(ctx context.Context, e *scenarios.Env, pod string, c scenarios.CrashLoop, backOffs int32) error {
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", ns, pod, err)
	}
	podDesc := fmt.Sprintf("%s_%s(%s)", p.Name, p.Namespace, p.UID)
	for i := range p.Status.ContainerStatuses {
		cs := &p.Status.ContainerStatuses[i]
		if cs.Name != c.Container {
			continue
		}
		cs.RestartCount = c.Restarts
		cs.State = corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{
			Reason:  "CrashLoopBackOff",
			Message: fmt.Sprintf("back-off %s restarting failed container=%s pod=%s", c.Backoff, c.Container, podDesc),
		}}
		cs.LastTerminationState = corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{
			ExitCode: c.ExitCode, Reason: c.Reason,
			StartedAt: metav1.NewTime(c.LastStart), FinishedAt: metav1.NewTime(c.LastFinish),
			ContainerID: cs.ContainerID,
		}}
	}
	if _, err := e.Client.CoreV1().Pods(ns).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: "kubelet"}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", ns, pod, err)
	}
	// KubeletEvent names the event <pod>.<hex unix nanos of the first>.
	return e.RepeatEvent(ctx, ns, pod+"."+strconv.FormatInt(c.FirstBackOff.UnixNano(), 16), backOffs, time.Now())
}

// waitShippers waits until the DaemonSet controller has one Ready pod on
// each node, and returns them.
func waitShippers(ctx context.Context, e *scenarios.Env) ([]corev1.Pod, error) {
	var pods []corev1.Pod
	err := e.Wait(ctx, "DaemonSet/"+ns+"/"+ds+" ready on every node", 2*time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().DaemonSets(ns).Get(ctx, ds, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		st := d.Status
		if st.ObservedGeneration != d.Generation || st.DesiredNumberScheduled != int32(len(nodes)) || st.NumberReady != st.DesiredNumberScheduled {
			return false, fmt.Errorf("status %+v", st)
		}
		list, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
		if err != nil {
			return false, err
		}
		pods = list.Items
		for _, p := range pods {
			if p.Status.StartTime == nil {
				return false, fmt.Errorf("Pod/%s/%s not started", ns, p.Name)
			}
		}
		return len(pods) == len(nodes), fmt.Errorf("%d pods", len(pods))
	})
	return pods, err
}

// shipperLog is one run of Fluent Bit: it starts, opens the container
// logs from the head and is killed by the kernel without a word.
func shipperLog(started time.Time) []testcluster.LogLine {
	line := func(d time.Duration, text string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: "[" + ts.UTC().Format("2006/01/02 15:04:05") + "] " + text}
	}
	return []testcluster.LogLine{
		{Time: started, Stream: "stderr", Text: "Fluent Bit v3.1.4"},
		line(10*time.Millisecond, "[ info] [fluent bit] version=3.1.4, commit=8d7e3a1c4b, pid=1"),
		line(12*time.Millisecond, "[ info] [storage] ver=1.5.2, type=memory, sync=normal, checksum=off, max_chunks_up=128"),
		line(15*time.Millisecond, "[ info] [input:tail:tail.0] initializing"),
		line(15*time.Millisecond, "[ info] [input:tail:tail.0] storage_strategy='memory' (memory only)"),
		line(40*time.Millisecond, "[ info] [filter:kubernetes:kubernetes.0] https=1 host=kubernetes.default.svc port=443"),
		line(120*time.Millisecond, "[ info] [filter:kubernetes:kubernetes.0] connectivity OK"),
		line(130*time.Millisecond, "[ info] [output:forward:forward.0] worker #0 started"),
		line(131*time.Millisecond, "[ info] [http_server] listen iface=0.0.0.0 tcp_port=2020"),
		line(131*time.Millisecond, "[ info] [sp] stream processor started"),
		line(140*time.Millisecond, "[ info] [input:tail:tail.0] inotify_fs_add(): inode=1573114 watch_fd=1 name=/var/log/containers/checkout-api-7f9c6d5b8-2kq4x_shop_api-3e1f0a.log"),
		line(141*time.Millisecond, "[ info] [input:tail:tail.0] inotify_fs_add(): inode=1573380 watch_fd=2 name=/var/log/containers/ingress-nginx-controller-5d8f7c9b6-wz7tn_ingress-nginx_controller-91b2c4.log"),
		line(142*time.Millisecond, "[ info] [input:tail:tail.0] inotify_fs_add(): inode=1574022 watch_fd=3 name=/var/log/containers/search-indexer-0_search_indexer-c70d5e.log"),
		line(143*time.Millisecond, "[ info] [input:tail:tail.0] inotify_fs_add(): inode=1574109 watch_fd=4 name=/var/log/containers/kafka-2_streaming_kafka-a81f3d.log"),
		line(1900*time.Millisecond, "[ info] [output:forward:forward.0] connected to log-aggregator.logging.svc.cluster.local:24224"),
	}
}
