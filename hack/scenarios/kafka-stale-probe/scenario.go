// Package kafkastaleprobe reproduces the Kafka stale-probe incident (seed
// 000): a broker's exec readiness probe times out, so kafka-0 is running
// but not Ready; the fix commit switches the template to a TCP probe and
// Flux applies it, but the StatefulSet controller (OrderedReady) will not
// replace a pod that is not Ready, so kafka-0 keeps the old probe.
package kafkastaleprobe

import (
	"context"
	"embed"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "kafka"
	gitPath = "apps/kafka"
)

var (
	flux = scenarios.FluxSync{
		Namespace: "flux-system", Name: "platform", URL: "ssh://git@git.example.com/platform/deploy.git",
		Path: "./" + gitPath, TargetNamespace: ns,
	}
	execProbe = []string{"sh", "-c", "kafka-broker-api-versions.sh --bootstrap-server localhost:9092"}
)

// Scenario returns the recorder entry for fixtures/kafka-stale-probe.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "kafka-stale-probe",
		Question:   "why is kafka-0 still not Ready after the fix was synced?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Pod: "kafka-0", Container: "kafka"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	for _, n := range []string{"node-a", "node-b", "node-c"} {
		if _, err := e.Cluster.AddNode(ctx, testcluster.NodeSpec{Name: n, CPU: "8", Memory: "32Gi"}); err != nil {
			return err
		}
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace, "shop"); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := neighbours(ctx, e); err != nil {
		return err
	}

	// Commit 1: three brokers with the exec readiness probe; Flux applies.
	v1, err := files("service.yaml", "service.yaml", "statefulset.yaml", "statefulset-exec-probe.yaml", "kafka-ui.yaml", "kafka-ui.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "kafka: three brokers, readiness via broker API", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := waitReady(ctx, e, 3); err != nil {
		return err
	}
	if err := e.Wait(ctx, "Deployment/kafka/kafka-ui available", 2*time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "kafka-ui", metav1.GetOptions{})
		return err == nil && d.Status.AvailableReplicas == 1, err
	}); err != nil {
		return err
	}
	if err := oldResolvedWarning(ctx, e); err != nil {
		return err
	}

	// kafka-0's JVM is slow to answer within the 1s timeout: the kubelet
	// reports probe failures and takes the container out of readiness.
	// Three failures, periodSeconds apart, cross failureThreshold; the
	// first cannot precede initialDelaySeconds after the container start.
	started, err := containerStarted(ctx, e, "kafka-0", "kafka")
	if err != nil {
		return err
	}
	if err := brokerLog(e, started); err != nil {
		return err
	}
	now := time.Now()
	first := now.Add(-20 * time.Second)
	if earliest := started.Add(10 * time.Second); first.Before(earliest) {
		first = earliest
	}
	if first.After(now) {
		first = now
	}
	event, err := e.FailReadiness(ctx, ns, "kafka-0", scenarios.ProbeFailure{
		Container: "kafka", Probe: "Readiness",
		Output: scenarios.ExecTimeoutOutput(execProbe, time.Second),
		Count:  3, First: first, Last: now,
	})
	if err != nil {
		return err
	}
	if err := waitReady(ctx, e, 2); err != nil {
		return err
	}

	// Commit 2, the fix: a TCP probe. Flux applies it and reports Ready.
	time.Sleep(2 * time.Second)
	fix, err := files("statefulset.yaml", "statefulset-tcp-probe.yaml")
	if err != nil {
		return err
	}
	sha, err = e.Git.Commit(ctx, "kafka: readiness via TCP on the client port", time.Now(), fix)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "StatefulSet/kafka/kafka to see the new revision", time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "kafka", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return s.Status.ObservedGeneration == s.Generation && s.Status.UpdateRevision != "" &&
			s.Status.UpdateRevision != s.Status.CurrentRevision, fmt.Errorf("status %+v", s.Status)
	}); err != nil {
		return err
	}
	// The kubelet keeps probing kafka-0 with the old exec probe.
	time.Sleep(3 * time.Second)
	return e.RepeatEvent(ctx, ns, event, 9, time.Now())
}

// files maps repository paths under gitPath to embedded manifests, given
// as pairs (path in Git, file in desired/).
func files(pairs ...string) (map[string][]byte, error) {
	out := map[string][]byte{}
	for i := 0; i+1 < len(pairs); i += 2 {
		b, err := desired.ReadFile("desired/" + pairs[i+1])
		if err != nil {
			return nil, err
		}
		out[gitPath+"/"+pairs[i]] = b
	}
	return out, nil
}

func waitReady(ctx context.Context, e *scenarios.Env, ready int32) error {
	return e.Wait(ctx, fmt.Sprintf("StatefulSet/kafka/kafka with %d ready", ready), 3*time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "kafka", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return s.Status.ReadyReplicas == ready && s.Status.Replicas == 3, fmt.Errorf("status %+v", s.Status)
	})
}

func containerStarted(ctx context.Context, e *scenarios.Env, pod, container string) (time.Time, error) {
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return time.Time{}, fmt.Errorf("Pod/%s/%s: %w", ns, pod, err)
	}
	for _, cs := range p.Status.ContainerStatuses {
		if cs.Name == container && cs.State.Running != nil {
			return cs.State.Running.StartedAt.Time, nil
		}
	}
	return time.Time{}, fmt.Errorf("Pod/%s/%s: container %s is not running", ns, pod, container)
}

// neighbours is a healthy workload outside the collected scope: nothing of
// it may reach the bundle.
func neighbours(ctx context.Context, e *scenarios.Env) error {
	web := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "shop", Labels: map[string]string{"app.kubernetes.io/name": "web"}},
		Spec: appsv1.DeploymentSpec{
			Replicas: ptr(int32(2)),
			Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app.kubernetes.io/name": "web"}},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app.kubernetes.io/name": "web"}},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "registry.example.com/shop/web:2.4.1"}}},
			},
		},
	}
	if _, err := e.Client.AppsV1().Deployments("shop").Create(ctx, web, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("Deployment/shop/web: %w", err)
	}
	return nil
}

// oldResolvedWarning is the noise every namespace has: kafka-ui's HTTP
// readiness probe was refused twice while it started, and it has been
// Ready since.
func oldResolvedWarning(ctx context.Context, e *scenarios.Env) error {
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=kafka-ui"})
	if err != nil {
		return fmt.Errorf("kafka-ui pods: %w", err)
	}
	if len(pods.Items) != 1 {
		return fmt.Errorf("kafka-ui: %d pods, want 1", len(pods.Items))
	}
	p := &pods.Items[0]
	started := p.CreationTimestamp.Time
	if p.Status.StartTime != nil {
		started = p.Status.StartTime.Time
	}
	msg := fmt.Sprintf("Readiness probe failed: Get %q: dial tcp %s:8080: connect: connection refused",
		"http://"+p.Status.PodIP+":8080/actuator/health", p.Status.PodIP)
	_, err = e.KubeletEvent(ctx, p, "kafka-ui", corev1.EventTypeWarning, "Unhealthy", msg, 2, started.Add(time.Second), started.Add(2*time.Second))
	return err
}

func ptr[T any](v T) *T { return &v }

// brokerLog is kafka-0's own account: the broker started and serves, so
// the probe, not the broker, is what fails.
func brokerLog(e *scenarios.Env, started time.Time) error {
	at := func(d time.Duration, text string) testcluster.LogLine {
		ts := started.Add(d)
		return testcluster.LogLine{Time: ts, Text: "[" + ts.UTC().Format("2006-01-02 15:04:05,000") + "] " + text}
	}
	return e.Cluster.WriteContainerLog(ns, "kafka-0", "kafka", []testcluster.LogLine{
		at(400*time.Millisecond, "INFO Registered kafka:type=kafka.Log4jController MBean (kafka.utils.Log4jControllerRegistration$)"),
		at(2100*time.Millisecond, "INFO [KafkaRaftServer nodeId=0] Kafka Server started (kafka.server.KafkaRaftServer)"),
		at(2300*time.Millisecond, "INFO [BrokerServer id=0] Transition from STARTING to STARTED (kafka.server.BrokerServer)"),
		at(6800*time.Millisecond, "INFO [Partition orders-0 broker=0] ISR updated to 0,1,2 (kafka.cluster.Partition)"),
	})
}
