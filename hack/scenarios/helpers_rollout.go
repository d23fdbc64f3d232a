package scenarios

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WaitDeployment waits until the Deployment controller has observed the
// latest generation and ok holds for its status.
func (e *Env) WaitDeployment(ctx context.Context, namespace, name string, ok func(appsv1.DeploymentStatus) bool) error {
	return e.Wait(ctx, "Deployment/"+namespace+"/"+name, 2*time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().Deployments(namespace).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return d.Status.ObservedGeneration == d.Generation && ok(d.Status), fmt.Errorf("status %+v", d.Status)
	})
}

// WaitStatefulSet waits until the StatefulSet controller has observed the
// latest generation and ok holds for its status.
func (e *Env) WaitStatefulSet(ctx context.Context, namespace, name string, ok func(appsv1.StatefulSetStatus) bool) error {
	return e.Wait(ctx, "StatefulSet/"+namespace+"/"+name, 2*time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(namespace).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return s.Status.ObservedGeneration == s.Generation && ok(s.Status), fmt.Errorf("status %+v", s.Status)
	})
}

// Ready is a WaitStatefulSet condition: n replicas ready.
func Ready(n int32) func(appsv1.StatefulSetStatus) bool {
	return func(s appsv1.StatefulSetStatus) bool { return s.ReadyReplicas == n }
}

// Available is a WaitDeployment condition: n replicas available, all of
// them updated.
func Available(n int32) func(appsv1.DeploymentStatus) bool {
	return func(s appsv1.DeploymentStatus) bool {
		return s.AvailableReplicas == n && s.UpdatedReplicas == n && s.Replicas == n
	}
}

// PodsWithImage lists the pods matching selector whose first container
// runs image, by name.
func (e *Env) PodsWithImage(ctx context.Context, namespace, selector, image string) ([]corev1.Pod, error) {
	pods, err := e.Client.CoreV1().Pods(namespace).List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil {
		return nil, fmt.Errorf("pods %s in %s: %w", selector, namespace, err)
	}
	var out []corev1.Pod
	for _, p := range pods.Items {
		if len(p.Spec.Containers) > 0 && p.Spec.Containers[0].Image == image {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// WaitCreatedOnNode waits until n pods matching selector with image have
// been bound and given container statuses by the node (kwok's pod-create
// stage), and returns them.
func (e *Env) WaitCreatedOnNode(ctx context.Context, namespace, selector, image string, n int) ([]corev1.Pod, error) {
	var got []corev1.Pod
	err := e.Wait(ctx, fmt.Sprintf("%d pods of %s on a node", n, image), 2*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.PodsWithImage(ctx, namespace, selector, image)
		if err != nil {
			return false, err
		}
		got = got[:0]
		for _, p := range pods {
			if p.Spec.NodeName != "" && len(p.Status.ContainerStatuses) > 0 && p.Status.PodIP != "" {
				got = append(got, p)
			}
		}
		return len(got) == n && len(pods) == n, fmt.Errorf("%d of %d pods created on a node, want %d", len(got), len(pods), n)
	})
	return got, err
}

// Steady fails unless check holds now and again after settle, so that a
// recorded state is one the controllers keep, not a moment of a rollout.
func Steady(ctx context.Context, settle time.Duration, check func(context.Context) error) error {
	if err := check(ctx); err != nil {
		return err
	}
	time.Sleep(settle)
	return check(ctx)
}

// CreateRefused checks a rollout the API server refuses: Deployment
// namespace/name reports ReplicaFailure FailedCreate with a message
// holding each of wants, no replica of the new template exists, and
// serving pods matching selector still run oldImage and are available.
func (e *Env) CreateRefused(ctx context.Context, namespace, name, selector, oldImage string, serving int32, wants ...string) error {
	d, err := e.Client.AppsV1().Deployments(namespace).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	var failure *appsv1.DeploymentCondition
	for i, c := range d.Status.Conditions {
		if c.Type == appsv1.DeploymentReplicaFailure && c.Status == corev1.ConditionTrue {
			failure = &d.Status.Conditions[i]
		}
	}
	if failure == nil || failure.Reason != "FailedCreate" {
		return fmt.Errorf("Deployment/%s/%s: want ReplicaFailure FailedCreate, got %+v", namespace, name, d.Status.Conditions)
	}
	for _, w := range wants {
		if !strings.Contains(failure.Message, w) {
			return fmt.Errorf("Deployment/%s/%s: ReplicaFailure %q does not say %q", namespace, name, failure.Message, w)
		}
	}
	if s := d.Status; s.AvailableReplicas != serving || s.UpdatedReplicas != 0 {
		return fmt.Errorf("Deployment/%s/%s: want %d available, 0 updated, got %+v", namespace, name, serving, s)
	}
	old, err := e.PodsWithImage(ctx, namespace, selector, oldImage)
	if err != nil || int32(len(old)) != serving {
		return fmt.Errorf("Deployment/%s/%s: %d pods of %s, want %d (%v)", namespace, name, len(old), oldImage, serving, err)
	}
	return nil
}

// SurgeHeld checks a rolling update held by its one surge pod: Deployment
// namespace/name has serving replicas available, one updated replica and
// serving+1 in all, and serving pods matching selector still run
// oldImage.
func (e *Env) SurgeHeld(ctx context.Context, namespace, name, selector, oldImage string, serving int32) error {
	d, err := e.Client.AppsV1().Deployments(namespace).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if s := d.Status; s.AvailableReplicas != serving || s.UpdatedReplicas != 1 || s.Replicas != serving+1 {
		return fmt.Errorf("Deployment/%s/%s: want %d available, 1 updated, %d replicas, got %+v", namespace, name, serving, serving+1, s)
	}
	old, err := e.PodsWithImage(ctx, namespace, selector, oldImage)
	if err != nil || int32(len(old)) != serving {
		return fmt.Errorf("Deployment/%s/%s: %d pods of %s, want %d (%v)", namespace, name, len(old), oldImage, serving, err)
	}
	return nil
}
