package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/internal/testcluster"
)

// PodReadyUnlessImage is the hold that keeps kwok from starting
// containers of the given images: its own pod-ready stage with one more
// selector requirement, so those pods stay Pending where pod-create left
// them (ContainerCreating) and the scenario writes what the kubelet says
// instead. Every other pod starts as usual.
func PodReadyUnlessImage(images ...string) testcluster.StageHold {
	return testcluster.StageHold{Stage: "pod-ready", Key: ".spec.containers.[].image", Operator: "NotIn", Values: images}
}

// ImagePull is a container whose image the runtime cannot pull.
type ImagePull struct {
	Container, Image string
	// Err is the runtime's error as the kubelet prints it, e.g.
	// containerd's NotFoundError (see ContainerdNotFound).
	Err string
	// Pulls is how many pulls failed since First; BackOffs how many times
	// the kubelet backed off since. Keep them plausible for the time
	// between First and now (the back-off starts at 10s and doubles).
	Pulls, BackOffs int32
	First           time.Time
}

// ContainerdNotFound is the CRI error containerd returns for a tag the
// registry does not have.
func ContainerdNotFound(image string) string {
	return fmt.Sprintf("rpc error: code = NotFound desc = failed to pull and unpack image %q: failed to resolve reference %q: %s: not found",
		image, image, image)
}

// ImagePullBackOff writes a pod's container status and events as the
// kubelet does after failed pulls (pkg/kubelet/images/image_manager.go,
// kuberuntime_container.go startContainer): waiting ImagePullBackOff with
// "Back-off pulling image %q: ErrImagePull: <err>", and the events Pulling
// `Pulling image %q`, Failed `Failed to pull image %q: <err>`, Failed
// `Error: ErrImagePull`, BackOff `Back-off pulling image %q` and Failed
// `Error: ImagePullBackOff`, each aggregated with its count.
func (e *Env) ImagePullBackOff(ctx context.Context, namespace, pod string, f ImagePull) error {
	msg := fmt.Sprintf("Back-off pulling image %q: ErrImagePull: %s", f.Image, f.Err)
	p, err := e.setWaiting(ctx, namespace, pod, f.Container, "ImagePullBackOff", msg)
	if err != nil {
		return err
	}
	// The first pull fails a second after it starts and the next pod sync
	// backs off; the counts and now carry the repeats. The kubelet writes
	// its "Error: ..." event right after the one it reports.
	now := time.Now()
	failed, backoff := f.First.Add(time.Second), f.First.Add(2*time.Second)
	type ev struct {
		typ, reason, msg string
		count            int32
		first            time.Time
	}
	for _, x := range []ev{
		{corev1.EventTypeNormal, "Pulling", fmt.Sprintf("Pulling image %q", f.Image), f.Pulls, f.First},
		{corev1.EventTypeWarning, "Failed", fmt.Sprintf("Failed to pull image %q: %s", f.Image, f.Err), f.Pulls, failed},
		{corev1.EventTypeWarning, "Failed", "Error: ErrImagePull", f.Pulls, failed.Add(time.Millisecond)},
		{corev1.EventTypeNormal, "BackOff", fmt.Sprintf("Back-off pulling image %q", f.Image), f.BackOffs, backoff},
		{corev1.EventTypeWarning, "Failed", "Error: ImagePullBackOff", f.BackOffs, backoff.Add(time.Millisecond)},
	} {
		if _, err := e.KubeletEvent(ctx, p, f.Container, x.typ, x.reason, x.msg, x.count, x.first, now); err != nil {
			return err
		}
	}
	return nil
}

// CreateContainerConfigError writes a pod's container status and event as
// the kubelet does when it cannot build the container's configuration
// (kuberuntime_container.go startContainer, kubelet_pods.go
// makeEnvironmentVariables): waiting CreateContainerConfigError with the
// error, e.g. "couldn't find key DATABASE_URL in ConfigMap shop/web-config",
// and the Failed event "Error: <error>" repeated count times since first.
func (e *Env) CreateContainerConfigError(ctx context.Context, namespace, pod, container, message string, count int32, first time.Time) error {
	p, err := e.setWaiting(ctx, namespace, pod, container, "CreateContainerConfigError", message)
	if err != nil {
		return err
	}
	_, err = e.KubeletEvent(ctx, p, container, corev1.EventTypeWarning, "Failed", "Error: "+message, count, first, time.Now())
	return err
}

// ConfigErrorAfterPull is the kubelet's account of a container whose
// configuration it cannot build, 12 seconds after the pod was created: it
// pulled the image once (Pulling, Pulled in PullTook with ImageBytes), then
// found it present at each of three syncs, and failed each time with
// Message (CreateContainerConfigError, four Failed events since 3s).
func (e *Env) ConfigErrorAfterPull(ctx context.Context, p *corev1.Pod, c ConfigError) error {
	created := p.CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(12 * time.Second)))
	now := time.Now()
	pulled := fmt.Sprintf("Successfully pulled image %q in %s (%s including waiting). Image size: %d bytes.", c.Image, c.PullTook, c.PullTook, c.ImageBytes)
	for _, ev := range []struct {
		reason, msg string
		count       int32
		first       time.Time
	}{
		{"Pulling", fmt.Sprintf("Pulling image %q", c.Image), 1, created.Add(time.Second)},
		{"Pulled", pulled, 1, created.Add(3 * time.Second)},
		{"Pulled", fmt.Sprintf("Container image %q already present on machine", c.Image), 3, created.Add(5 * time.Second)},
	} {
		last := now
		if ev.count == 1 {
			last = ev.first
		}
		if _, err := e.KubeletEvent(ctx, p, c.Container, corev1.EventTypeNormal, ev.reason, ev.msg, ev.count, ev.first, last); err != nil {
			return err
		}
	}
	return e.CreateContainerConfigError(ctx, p.Namespace, p.Name, c.Container, c.Message, 4, created.Add(3*time.Second+time.Millisecond))
}

// ConfigError is a container ConfigErrorAfterPull cannot start.
type ConfigError struct {
	Container, Image string
	// PullTook is the pull's duration as the kubelet prints it ("1.874s").
	PullTook   string
	ImageBytes int64
	// Message is the kubelet's error, e.g. `secret "db" not found`.
	Message string
}

func (e *Env) setWaiting(ctx context.Context, namespace, pod, container, reason, message string) (*corev1.Pod, error) {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	found := false
	for i := range p.Status.ContainerStatuses {
		cs := &p.Status.ContainerStatuses[i]
		if cs.Name == container {
			found = true
			cs.Ready, cs.Started = false, ptrTo(false)
			cs.State = corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: reason, Message: message}}
		}
	}
	if !found {
		return nil, fmt.Errorf("Pod/%s/%s: no status for container %s (was the pod created on a node?)", namespace, pod, container)
	}
	p, err = e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: kubeletManager})
	if err != nil {
		return nil, fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	return p, nil
}
