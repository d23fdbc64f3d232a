package scenarios

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// kubeletManager is the field manager the kubelet's status updates carry.
const kubeletManager = "kubelet"

// ProbeFailure is a run of failed probes as the kubelet reports them.
type ProbeFailure struct {
	Container string
	// Probe is "Readiness", "Liveness" or "Startup" (the kubelet's
	// probeType strings).
	Probe string
	// Output is what the probe handler returned; see ExecTimeoutOutput.
	Output string
	// Count failures between First and Last.
	Count       int32
	First, Last time.Time
}

// ExecTimeoutOutput is the probe output the kubelet (cri-client
// ExecSync, k8s.io/cri-client v0.36) reports when an exec probe runs past
// timeoutSeconds: `command timed out: "<cmd joined by spaces>" timed out
// after <timeout>`.
func ExecTimeoutOutput(cmd []string, timeout time.Duration) string {
	return fmt.Sprintf("command timed out: %q timed out after %s", strings.Join(cmd, " "), timeout)
}

// FailReadiness makes a running pod's container unready as the kubelet does
// after failureThreshold readiness failures: the container stays running
// and started, ready becomes false, the pod's Ready and ContainersReady
// conditions turn False with reason ContainersNotReady, and the prober's
// Unhealthy event is recorded (pkg/kubelet/prober: "%s probe failed: %s").
// The conditions turn at f.Last, the failure that crossed the threshold.
// It returns the event's name, for RepeatEvent.
func (e *Env) FailReadiness(ctx context.Context, namespace, pod string, f ProbeFailure) (string, error) {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return "", fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	found := false
	for i := range p.Status.ContainerStatuses {
		cs := &p.Status.ContainerStatuses[i]
		if cs.Name == f.Container {
			found = true
			cs.Ready = false
		}
	}
	if !found {
		return "", fmt.Errorf("Pod/%s/%s: no status for container %s (is the pod running?)", namespace, pod, f.Container)
	}
	unready := "containers with unready status: [" + f.Container + "]"
	setPodCondition(p, corev1.ContainersReady, corev1.ConditionFalse, "ContainersNotReady", unready, f.Last)
	setPodCondition(p, corev1.PodReady, corev1.ConditionFalse, "ContainersNotReady", unready, f.Last)
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: kubeletManager}); err != nil {
		return "", fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	return e.KubeletEvent(ctx, p, f.Container, corev1.EventTypeWarning, "Unhealthy",
		fmt.Sprintf("%s probe failed: %s", f.Probe, f.Output), f.Count, f.First, f.Last)
}

// RepeatEvent is the recorder's aggregation of a repeated event: the same
// Event with a higher count and a later lastTimestamp.
func (e *Env) RepeatEvent(ctx context.Context, namespace, name string, count int32, last time.Time) error {
	ev, err := e.Client.CoreV1().Events(namespace).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Event/%s/%s: %w", namespace, name, err)
	}
	ev.Count, ev.LastTimestamp = count, metav1.NewTime(last)
	if _, err := e.Client.CoreV1().Events(namespace).Update(ctx, ev, metav1.UpdateOptions{}); err != nil {
		return fmt.Errorf("Event/%s/%s: %w", namespace, name, err)
	}
	return nil
}

// KubeletEvent records a core/v1 Event the way the kubelet's event
// recorder does: involvedObject is the pod (fieldPath
// spec.containers{name} for a container event), source and reporting
// fields name the kubelet on the pod's node, and repeats are one Event
// with a count. It returns the event's name.
func (e *Env) KubeletEvent(ctx context.Context, p *corev1.Pod, container, eventType, reason, message string, count int32, first, last time.Time) (string, error) {
	ref := corev1.ObjectReference{
		Kind: "Pod", Namespace: p.Namespace, Name: p.Name, UID: p.UID,
		APIVersion: "v1", ResourceVersion: p.ResourceVersion,
	}
	if container != "" {
		ref.FieldPath = "spec.containers{" + container + "}"
	}
	if count < 1 {
		count = 1
	}
	ev := &corev1.Event{
		ObjectMeta: metav1.ObjectMeta{
			// The recorder names events <object>.<hex unix nanos>.
			Name:      p.Name + "." + strconv.FormatInt(first.UnixNano(), 16),
			Namespace: p.Namespace,
		},
		InvolvedObject:      ref,
		Reason:              reason,
		Message:             message,
		Type:                eventType,
		Count:               count,
		FirstTimestamp:      metav1.NewTime(first),
		LastTimestamp:       metav1.NewTime(last),
		Source:              corev1.EventSource{Component: "kubelet", Host: p.Spec.NodeName},
		ReportingController: "kubelet",
		ReportingInstance:   p.Spec.NodeName,
	}
	if _, err := e.Client.CoreV1().Events(p.Namespace).Create(ctx, ev, metav1.CreateOptions{}); err != nil {
		return "", fmt.Errorf("Pod/%s/%s: event %s: %w", p.Namespace, p.Name, reason, err)
	}
	return ev.Name, nil
}

func setPodCondition(p *corev1.Pod, t corev1.PodConditionType, s corev1.ConditionStatus, reason, message string, at time.Time) {
	for i := range p.Status.Conditions {
		c := &p.Status.Conditions[i]
		if c.Type != t {
			continue
		}
		if c.Status != s {
			c.LastTransitionTime = metav1.NewTime(at)
		}
		c.Status, c.Reason, c.Message = s, reason, message
		return
	}
	p.Status.Conditions = append(p.Status.Conditions, corev1.PodCondition{
		Type: t, Status: s, Reason: reason, Message: message, LastTransitionTime: metav1.NewTime(at),
	})
}

// HTTPStatusOutput is the kubelet's HTTP probe output for a response
// outside 200-399 (pkg/probe/http: the body is left out on purpose).
func HTTPStatusOutput(code int) string {
	return fmt.Sprintf("HTTP probe failed with statuscode: %d", code)
}

// HTTPRefusedOutput is the kubelet's HTTP probe output when nothing
// listens yet: the Go HTTP client's error for the probe URL.
func HTTPRefusedOutput(podIP string, port int, path string) string {
	addr := fmt.Sprintf("%s:%d", podIP, port)
	return fmt.Sprintf("Get %q: dial tcp %s: connect: connection refused", "http://"+addr+path, addr)
}

// StartupRefusals records the noise every rollout leaves: count readiness
// failures (connection refused) in the first seconds after the pod
// started, resolved since, as the pod is Ready.
func (e *Env) StartupRefusals(ctx context.Context, p *corev1.Pod, container string, port int, path string, count int32) error {
	started := p.CreationTimestamp.Time
	if p.Status.StartTime != nil {
		started = p.Status.StartTime.Time
	}
	msg := "Readiness probe failed: " + HTTPRefusedOutput(p.Status.PodIP, port, path)
	_, err := e.KubeletEvent(ctx, p, container, corev1.EventTypeWarning, "Unhealthy", msg, count,
		started.Add(time.Second), started.Add(time.Duration(count)*time.Second))
	return err
}

// FailReadinessNow is FailReadiness for a readiness probe that started
// failing at first and crossed failureThreshold (3 failures) by now.
func (e *Env) FailReadinessNow(ctx context.Context, namespace, pod, container, output string, first time.Time) error {
	now := time.Now()
	if first.After(now) {
		first = now
	}
	_, err := e.FailReadiness(ctx, namespace, pod, ProbeFailure{
		Container: container, Probe: "Readiness", Output: output, Count: 3, First: first, Last: now,
	})
	return err
}
