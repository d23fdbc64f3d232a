package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CrashLoop is a container the kubelet keeps restarting.
type CrashLoop struct {
	Container string
	// Reason and ExitCode of the last termination, e.g. "OOMKilled" and
	// 137 for a memory-limit kill, "Error" and 1 for a crash.
	Reason   string
	ExitCode int32
	Restarts int32
	// LastStart and LastFinish bound the last run.
	LastStart, LastFinish time.Time
	// FirstBackOff is when the kubelet first backed off; BackOffs is how
	// many times since (the BackOff event's count).
	FirstBackOff time.Time
	BackOffs     int32
	// Backoff is the current back-off delay (10s doubling to 5m).
	Backoff time.Duration
}

// CrashLoopBackOff writes a pod's status and events as the kubelet does
// for a container in CrashLoopBackOff: state waiting with reason
// CrashLoopBackOff and the message "back-off <d> restarting failed
// container=<c> pod=<name>_<ns>(<uid>)", lastState terminated with the
// reason and exit code, the restart count, Ready and ContainersReady False,
// and the BackOff event "Back-off restarting failed container <c> in pod
// <name>_<ns>(<uid>)" (pkg/kubelet/kuberuntime).
func (e *Env) CrashLoopBackOff(ctx context.Context, namespace, pod string, c CrashLoop) error {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	podDesc := fmt.Sprintf("%s_%s(%s)", p.Name, p.Namespace, p.UID)
	found := false
	for i := range p.Status.ContainerStatuses {
		cs := &p.Status.ContainerStatuses[i]
		if cs.Name != c.Container {
			continue
		}
		found = true
		cs.Ready, cs.Started, cs.RestartCount = false, ptrTo(false), c.Restarts
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
	if !found {
		return fmt.Errorf("Pod/%s/%s: no status for container %s (is the pod running?)", namespace, pod, c.Container)
	}
	unready := "containers with unready status: [" + c.Container + "]"
	setPodCondition(p, corev1.ContainersReady, corev1.ConditionFalse, "ContainersNotReady", unready, c.FirstBackOff)
	setPodCondition(p, corev1.PodReady, corev1.ConditionFalse, "ContainersNotReady", unready, c.FirstBackOff)
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: kubeletManager}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	_, err = e.KubeletEvent(ctx, p, c.Container, corev1.EventTypeWarning, "BackOff",
		fmt.Sprintf("Back-off restarting failed container %s in pod %s", c.Container, podDesc),
		c.BackOffs, c.FirstBackOff, time.Now())
	return err
}

func ptrTo[T any](v T) *T { return &v }

// FailPod writes a pod's status as the kubelet does for a restartPolicy
// Never container that ran from start to end and exited with code: phase
// Failed, the container terminated with reason Error, Ready and
// ContainersReady False, and the Started event.
func (e *Env) FailPod(ctx context.Context, namespace, pod, container string, code int32, start, end time.Time) error {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	image := ""
	for _, c := range p.Spec.Containers {
		if c.Name == container {
			image = c.Image
		}
	}
	p.Status.Phase = corev1.PodFailed
	p.Status.StartTime = &metav1.Time{Time: start.Add(-time.Second)}
	p.Status.ContainerStatuses = []corev1.ContainerStatus{{
		Name: container, Image: image, ImageID: image, ContainerID: "containerd://" + fmt.Sprintf("%064x", start.UnixNano()),
		Started: ptrTo(false),
		State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{
			ExitCode: code, Reason: "Error", StartedAt: metav1.NewTime(start), FinishedAt: metav1.NewTime(end),
		}},
	}}
	setPodCondition(p, corev1.ContainersReady, corev1.ConditionFalse, "PodFailed", "", end)
	setPodCondition(p, corev1.PodReady, corev1.ConditionFalse, "PodFailed", "", end)
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: kubeletManager}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	_, err = e.KubeletEvent(ctx, p, container, corev1.EventTypeNormal, "Started", "Started container "+container, 1, start, start)
	return err
}
