package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ReadinessGate is a pod readiness gate's condition as the controller
// that owns the gate writes it (the AWS Load Balancer Controller's
// target-health.elbv2.k8s.aws/<binding>, GKE's
// cloud.google.com/load-balancer-neg-ready).
type ReadinessGate struct {
	Type            corev1.PodConditionType
	Status          corev1.ConditionStatus
	Reason, Message string
	At              time.Time
}

// SetGate writes the gate's condition on a pod, as its controller does.
func (e *Env) SetGate(ctx context.Context, namespace, pod string, g ReadinessGate) error {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	setPodCondition(p, g.Type, g.Status, g.Reason, g.Message, g.At)
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: "gate-controller"}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	return nil
}

// RunGated writes a pod's status as the kubelet does for a pod whose
// containers started at started and are ready while its readiness gate g
// is not True (pkg/kubelet/status generatePodReadyCondition): phase
// Running, every container running and ready, ContainersReady True, and
// Ready False with reason ReadinessGatesNotReady and the kubelet's
// message; then g's own condition, as its controller wrote it.
func (e *Env) RunGated(ctx context.Context, namespace, pod string, started time.Time, g ReadinessGate) error {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	p.Status.Phase = corev1.PodRunning
	p.Status.StartTime = &metav1.Time{Time: started.Add(-2 * time.Second)}
	p.Status.ContainerStatuses = nil
	for i, c := range p.Spec.Containers {
		p.Status.ContainerStatuses = append(p.Status.ContainerStatuses, corev1.ContainerStatus{
			Name: c.Name, Image: c.Image, ImageID: c.Image, Ready: true, Started: ptrTo(true),
			ContainerID: "containerd://" + fmt.Sprintf("%064x", started.UnixNano()+int64(i)),
			State:       corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.NewTime(started)}},
		})
	}
	ready := started.Add(5 * time.Second)
	setPodCondition(p, corev1.PodInitialized, corev1.ConditionTrue, "", "", started.Add(-time.Second))
	setPodCondition(p, corev1.ContainersReady, corev1.ConditionTrue, "", "", ready)
	msg := fmt.Sprintf("corresponding condition of pod readiness gate %q does not exist.", g.Type)
	if g.Status != "" {
		msg = fmt.Sprintf("the status of pod readiness gate %q is not \"True\", but %s", g.Type, g.Status)
		setPodCondition(p, g.Type, g.Status, g.Reason, g.Message, g.At)
	}
	setPodCondition(p, corev1.PodReady, corev1.ConditionFalse, "ReadinessGatesNotReady", msg, ready)
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: kubeletManager}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	return nil
}
