package kafkastaleprobe

import (
	"context"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

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
	return e.StartupRefusals(ctx, &pods.Items[0], "kafka-ui", 8080, "/actuator/health", 2)
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
