package resolvedbesidecurrent

import (
	"context"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts both faults and their order: search-indexer's pod is
// Ready, with restartCount 2 and a last termination OOMKilled (137) that
// finished before its Ready condition turned True, and the Deployment is
// available and complete; catalog-api keeps three available 5.2.1 pods
// and one unavailable 5.3.0 pod, created after the indexer recovered,
// waiting in ImagePullBackOff. The same holds five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		recoveredAt, err := indexerRecovered(ctx, e)
		if err != nil {
			return err
		}
		return apiBlocked(ctx, e, recoveredAt)
	})
}

func indexerRecovered(ctx context.Context, e *scenarios.Env) (time.Time, error) {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "search-indexer", metav1.GetOptions{})
	if err != nil {
		return time.Time{}, err
	}
	if d.Status.ObservedGeneration != d.Generation || !scenarios.Available(1)(d.Status) || !complete(d) {
		return time.Time{}, fmt.Errorf("Deployment/%s/search-indexer: not converged: %+v", ns, d.Status)
	}
	pods, err := e.PodsWithImage(ctx, ns, indexerSelector, indexerImage)
	if err != nil || len(pods) != 1 {
		return time.Time{}, fmt.Errorf("search-indexer: %d pods (%v), want 1", len(pods), err)
	}
	p := pods[0]
	var readySince time.Time
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady && c.Status == corev1.ConditionTrue {
			readySince = c.LastTransitionTime.Time
		}
	}
	cs := p.Status.ContainerStatuses[0]
	t := cs.LastTerminationState.Terminated
	if readySince.IsZero() || !cs.Ready || cs.State.Running == nil || cs.RestartCount != 2 ||
		t == nil || t.Reason != "OOMKilled" || t.ExitCode != 137 {
		return time.Time{}, fmt.Errorf("Pod/%s/%s: want Ready and running after 2 restarts, last OOMKilled 137, got %+v, conditions %+v", ns, p.Name, cs, p.Status.Conditions)
	}
	if !t.FinishedAt.Time.Before(cs.State.Running.StartedAt.Time) || !cs.State.Running.StartedAt.Time.Before(readySince) {
		return time.Time{}, fmt.Errorf("Pod/%s/%s: want OOMKilled (%s) < restarted (%s) < Ready (%s)", ns, p.Name,
			t.FinishedAt, cs.State.Running.StartedAt, readySince)
	}
	return readySince, nil
}

func apiBlocked(ctx context.Context, e *scenarios.Env, indexerReadySince time.Time) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "catalog-api", metav1.GetOptions{})
	if err != nil {
		return err
	}
	s := d.Status
	if s.AvailableReplicas != 3 || s.UpdatedReplicas != 1 || s.Replicas != 4 || s.UnavailableReplicas != 1 {
		return fmt.Errorf("Deployment/%s/catalog-api: want 3 available, 1 updated, 4 replicas, got %+v", ns, s)
	}
	pods, err := e.PodsWithImage(ctx, ns, apiSelector, badImage)
	if err != nil || len(pods) != 1 {
		return fmt.Errorf("Deployment/%s/catalog-api: %d pods of 5.3.0, want 1 (%v)", ns, len(pods), err)
	}
	p := pods[0]
	w := p.Status.ContainerStatuses[0].State.Waiting
	if w == nil || w.Reason != "ImagePullBackOff" {
		return fmt.Errorf("Pod/%s/%s: want waiting ImagePullBackOff, got %+v", ns, p.Name, p.Status.ContainerStatuses[0].State)
	}
	if !p.CreationTimestamp.Time.After(indexerReadySince) {
		return fmt.Errorf("Pod/%s/%s: created %s, want after search-indexer was Ready again (%s)", ns, p.Name, p.CreationTimestamp, indexerReadySince)
	}
	old, err := e.PodsWithImage(ctx, ns, apiSelector, oldImage)
	if err != nil || len(old) != 3 {
		return fmt.Errorf("Deployment/%s/catalog-api: %d pods of 5.2.1, want 3 (%v)", ns, len(old), err)
	}
	return nil
}

func complete(d *appsv1.Deployment) bool {
	for _, c := range d.Status.Conditions {
		if c.Type == appsv1.DeploymentProgressing {
			return c.Reason == "NewReplicaSetAvailable"
		}
	}
	return false
}
