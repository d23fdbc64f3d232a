package kafkastaleprobe

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts what the real controllers did: the StatefulSet has a new
// update revision that no pod runs, kafka-0 is unready on the old
// revision with the exec probe, and the controller still has not replaced
// it a few seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	if err := checkStuck(ctx, e); err != nil {
		return err
	}
	// A controller that is merely slow would act within its resync; one
	// that refuses does not.
	time.Sleep(5 * time.Second)
	return checkStuck(ctx, e)
}

func checkStuck(ctx context.Context, e *scenarios.Env) error {
	s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "kafka", metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("StatefulSet/kafka/kafka: %w", err)
	}
	st := s.Status
	if st.UpdateRevision == st.CurrentRevision || st.UpdatedReplicas != 0 || st.ReadyReplicas != 2 {
		return fmt.Errorf("StatefulSet/kafka/kafka: want a pending update revision with 0 updated and 2 ready, got current %s update %s updated %d ready %d",
			st.CurrentRevision, st.UpdateRevision, st.UpdatedReplicas, st.ReadyReplicas)
	}
	revs, err := e.Client.AppsV1().ControllerRevisions(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=kafka"})
	if err != nil {
		return err
	}
	if len(revs.Items) != 2 {
		return fmt.Errorf("StatefulSet/kafka/kafka: %d ControllerRevisions, want 2", len(revs.Items))
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=kafka"})
	if err != nil {
		return err
	}
	for _, p := range pods.Items {
		if h := p.Labels["controller-revision-hash"]; h != st.CurrentRevision {
			return fmt.Errorf("Pod/kafka/%s: on revision %s, want the old %s", p.Name, h, st.CurrentRevision)
		}
		if p.Spec.Containers[0].ReadinessProbe == nil || p.Spec.Containers[0].ReadinessProbe.Exec == nil {
			return fmt.Errorf("Pod/kafka/%s: readiness probe is not the old exec probe", p.Name)
		}
		if ready := podReady(&p); ready != (p.Name != "kafka-0") {
			return fmt.Errorf("Pod/kafka/%s: ready=%v", p.Name, ready)
		}
	}
	return nil
}

func podReady(p *corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}
