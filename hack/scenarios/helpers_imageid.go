package scenarios

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// SetImageID writes a running container's imageID as the kubelet reports
// it from the runtime (CRI ContainerStatus.ImageRef: for containerd the
// repository digest of the image it unpacked, "repo@sha256:…"), which kwok
// leaves empty. It also sets the container's imageID-independent image
// field only if it is empty, as the kubelet reports the spec's reference.
func (e *Env) SetImageID(ctx context.Context, namespace, pod, container, imageID string) error {
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	found := false
	for i := range p.Status.ContainerStatuses {
		cs := &p.Status.ContainerStatuses[i]
		if cs.Name != container {
			continue
		}
		found = true
		cs.ImageID = imageID
		if cs.Image == "" {
			for _, c := range p.Spec.Containers {
				if c.Name == container {
					cs.Image = c.Image
				}
			}
		}
	}
	if !found {
		return fmt.Errorf("Pod/%s/%s: no status for container %s", namespace, pod, container)
	}
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: kubeletManager}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	return nil
}
