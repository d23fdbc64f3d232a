package pendingbeforemigration

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// waitUnschedulable waits for the scheduler's verdict on the 2.0 pod.
func waitUnschedulable(ctx context.Context, e *scenarios.Env) error {
	return e.Wait(ctx, "the web 2.0 pod to be unschedulable", time.Minute, func(ctx context.Context) (bool, error) {
		p, err := newPod(ctx, e)
		if err != nil {
			return false, err
		}
		for _, c := range p.Status.Conditions {
			if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse && c.Reason == corev1.PodReasonUnschedulable {
				return true, nil
			}
		}
		return false, fmt.Errorf("Pod/%s/%s: conditions %+v", ns, p.Name, p.Status.Conditions)
	})
}

func newPod(ctx context.Context, e *scenarios.Env) (*corev1.Pod, error) {
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=web"})
	if err != nil {
		return nil, err
	}
	for i := range pods.Items {
		if pods.Items[i].Spec.Containers[0].Image == "registry.example.com/shop/web:2.0.0" {
			return &pods.Items[i], nil
		}
	}
	return nil, fmt.Errorf("no web 2.0.0 pod yet")
}

// check asserts what the controllers did: the scheduler refused the 2.0
// pod for CPU, the Job controller completed the migration, the rollout
// has one updated and no available replica, and the web Service has no
// ready endpoint.
func check(ctx context.Context, e *scenarios.Env) error {
	p, err := newPod(ctx, e)
	if err != nil {
		return err
	}
	if p.Spec.NodeName != "" {
		return fmt.Errorf("Pod/%s/%s: bound to %s, want Pending", ns, p.Name, p.Spec.NodeName)
	}
	events, err := e.Client.CoreV1().Events(ns).List(ctx, metav1.ListOptions{FieldSelector: "involvedObject.name=" + p.Name})
	if err != nil {
		return err
	}
	found := false
	for _, ev := range events.Items {
		if ev.Reason == "FailedScheduling" && strings.Contains(ev.Message, "Insufficient cpu") {
			found = true
		}
	}
	if !found {
		return fmt.Errorf("Pod/%s/%s: no FailedScheduling event for Insufficient cpu", ns, p.Name)
	}
	j, err := e.Client.BatchV1().Jobs(ns).Get(ctx, "web-migrate-2-0-0", metav1.GetOptions{})
	if err != nil || j.Status.Succeeded != 1 {
		return fmt.Errorf("Job/%s/web-migrate-2-0-0: want one succeeded pod: %v %+v", ns, err, j.Status)
	}
	// The old pods' readiness fails just before this check, and the
	// Deployment controller counts them unavailable a moment later (seen:
	// the Available=False condition already written, one replica still
	// counted available), so wait for its status rather than read it once.
	if err := e.Wait(ctx, "Deployment/shop/web with 1 updated and 0 available replicas", 30*time.Second, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "web", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		if d.Status.UpdatedReplicas != 1 || d.Status.AvailableReplicas != 0 {
			return false, fmt.Errorf("Deployment/%s/web: want 1 updated and 0 available, got %+v", ns, d.Status)
		}
		return true, nil
	}); err != nil {
		return err
	}
	return e.Wait(ctx, "no ready endpoint for Service/shop/web", 30*time.Second, func(ctx context.Context) (bool, error) {
		slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=web"})
		if err != nil {
			return false, err
		}
		for _, s := range slices.Items {
			for _, ep := range s.Endpoints {
				if ep.Conditions.Ready != nil && *ep.Conditions.Ready {
					return false, fmt.Errorf("EndpointSlice/%s/%s: %v is ready", ns, s.Name, ep.Addresses)
				}
			}
		}
		return len(slices.Items) > 0, nil
	})
}
