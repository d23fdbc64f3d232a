package createfailedthenconverged

import (
	"context"
	"fmt"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts the history and the convergence: the ReplicaSet controller
// recorded FailedCreate with the ServiceAccount admission's message, all
// of it before the ServiceAccount was created; it created both pods after
// (SuccessfulCreate); both are Ready; the Deployment completed on its
// latest generation with no ReplicaFailure left on it or its ReplicaSet;
// sms-gateway is available. The same holds three seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error { return converged(ctx, e) })
}

func converged(ctx context.Context, e *scenarios.Env) error {
	sa, err := e.Client.CoreV1().ServiceAccounts(ns).Get(ctx, dispatcher, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("ServiceAccount/%s/%s: %w", ns, dispatcher, err)
	}
	created := sa.CreationTimestamp.Time
	failed, err := failedCreates(ctx, e)
	if err != nil {
		return err
	}
	if len(failed) == 0 {
		return fmt.Errorf("ReplicaSet/%s/%s-*: no FailedCreate event", ns, dispatcher)
	}
	for _, ev := range failed {
		if !strings.Contains(ev.Message, saMissing) {
			return fmt.Errorf("Event/%s/%s: FailedCreate %q, want the ServiceAccount admission's %q", ns, ev.Name, ev.Message, saMissing)
		}
		if last := eventLast(ev); last.After(created) {
			return fmt.Errorf("Event/%s/%s: FailedCreate last at %s, after the ServiceAccount was created at %s", ns, ev.Name, last, created)
		}
	}
	made, err := events(ctx, e, "SuccessfulCreate")
	if err != nil {
		return err
	}
	if len(made) != 2 {
		return fmt.Errorf("ReplicaSet/%s/%s-*: %d SuccessfulCreate events, want 2", ns, dispatcher, len(made))
	}
	for _, ev := range made {
		if eventLast(ev).Before(created) {
			return fmt.Errorf("Event/%s/%s: SuccessfulCreate before the ServiceAccount existed", ns, ev.Name)
		}
	}

	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, dispatcher, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if d.Status.ObservedGeneration != d.Generation || !scenarios.Available(2)(d.Status) || !complete(d.Status) {
		return fmt.Errorf("Deployment/%s/%s: not converged: %+v", ns, dispatcher, d.Status)
	}
	for _, c := range d.Status.Conditions {
		if c.Type == appsv1.DeploymentReplicaFailure {
			return fmt.Errorf("Deployment/%s/%s: ReplicaFailure still reported: %+v", ns, dispatcher, c)
		}
	}
	rss, err := e.Client.AppsV1().ReplicaSets(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil {
		return err
	}
	if len(rss.Items) != 1 {
		return fmt.Errorf("Deployment/%s/%s: %d ReplicaSets, want 1", ns, dispatcher, len(rss.Items))
	}
	rs := rss.Items[0]
	if rs.Status.ReadyReplicas != 2 || len(rs.Status.Conditions) != 0 {
		return fmt.Errorf("ReplicaSet/%s/%s: want 2 ready and no condition, got %+v", ns, rs.Name, rs.Status)
	}

	pods, err := e.PodsWithImage(ctx, ns, selector, image)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("%s: %d pods (%v), want 2", dispatcher, len(pods), err)
	}
	for _, p := range pods {
		if p.CreationTimestamp.Time.Before(created) || !ready(p) {
			return fmt.Errorf("Pod/%s/%s: want Ready and created after the ServiceAccount, got created %s, conditions %+v", ns, p.Name, p.CreationTimestamp, p.Status.Conditions)
		}
	}
	return e.WaitDeployment(ctx, ns, "sms-gateway", scenarios.Available(2))
}

// eventLast is when an event was last seen, whichever API wrote it.
func eventLast(ev corev1.Event) time.Time {
	t := ev.LastTimestamp.Time
	if ev.Series != nil && ev.Series.LastObservedTime.After(t) {
		t = ev.Series.LastObservedTime.Time
	}
	if ev.EventTime.After(t) {
		t = ev.EventTime.Time
	}
	return t
}

func ready(p corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}
