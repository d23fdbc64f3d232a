package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// OOMKilledOnce writes what the kubelet reports for the first container of
// a pod that the kernel OOM-killed once, ago before now, and that has run
// since a second later and been Ready since two: restartCount 1, the
// OOMKilled termination (exit code 137) as lastState, a new running state,
// and Ready and ContainersReady turned True again then. It waits until the
// pod has run for longer than ago, so the kill follows its start. It is
// history a loud-symptom ranking would pick.
func (e *Env) OOMKilledOnce(ctx context.Context, namespace, pod string, ago time.Duration) error {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	if len(p.Status.ContainerStatuses) == 0 || p.Status.StartTime == nil {
		return fmt.Errorf("Pod/%s/%s: no container status (is the pod running?)", namespace, pod)
	}
	if d := time.Until(p.Status.StartTime.Add(ago + 3*time.Second)); d > 0 {
		time.Sleep(d)
		if p, err = e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{}); err != nil {
			return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
		}
	}
	killed := time.Now().Add(-ago)
	for i := range p.Status.Conditions {
		c := &p.Status.Conditions[i]
		if c.Type == corev1.PodReady || c.Type == corev1.ContainersReady {
			c.Status, c.Reason, c.Message, c.LastTransitionTime = corev1.ConditionTrue, "", "", metav1.NewTime(killed.Add(2*time.Second))
		}
	}
	cs := &p.Status.ContainerStatuses[0]
	cs.RestartCount = 1
	cs.LastTerminationState = corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{
		ExitCode: 137, Reason: "OOMKilled", StartedAt: p.CreationTimestamp, FinishedAt: metav1.NewTime(killed), ContainerID: cs.ContainerID,
	}}
	cs.State = corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.NewTime(killed.Add(time.Second))}}
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: kubeletManager}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	return nil
}
