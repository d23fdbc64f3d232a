// Package kafkastaleprobeafter records the repair of the Kafka stale-probe
// incident: it replays hack/scenarios/kafka-stale-probe, then deletes only
// kafka-0, as the runbook says after the data checks. The real StatefulSet
// controller recreates it, kwok makes it Ready, and the controller finishes
// the rolling update it had been blocked on, so every broker ends on the
// update revision with the TCP probe. The incident state is collected first
// into fixtures/kafka-stale-probe-after/before, so the pair shares one
// cluster and one Git history.
package kafkastaleprobeafter

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	kafkastaleprobe "github.com/rift-dev/rift/hack/scenarios/kafka-stale-probe"
)

const ns = "kafka"

// Scenario returns the recorder entry for fixtures/kafka-stale-probe-after.
func Scenario() scenarios.Scenario {
	before := kafkastaleprobe.Scenario()
	s := before
	s.Name = "kafka-stale-probe-after"
	s.Question = "did the TCP probe fix reach every broker after kafka-0 was replaced?"
	s.Run = func(ctx context.Context, e *scenarios.Env) error {
		if err := before.Run(ctx, e); err != nil {
			return err
		}
		// The incident must really have happened before it is repaired.
		if err := before.Check(ctx, e); err != nil {
			return fmt.Errorf("before the repair: %w", err)
		}
		if err := e.Baseline(ctx, s.Namespaces, s.Name); err != nil {
			return err
		}
		old, err := e.Client.CoreV1().Pods(ns).Get(ctx, "kafka-0", metav1.GetOptions{})
		if err != nil {
			return fmt.Errorf("Pod/kafka/kafka-0: %w", err)
		}
		if err := e.Client.CoreV1().Pods(ns).Delete(ctx, "kafka-0", metav1.DeleteOptions{}); err != nil {
			return fmt.Errorf("Pod/kafka/kafka-0: delete: %w", err)
		}
		if err := e.Wait(ctx, "Pod/kafka/kafka-0 to be recreated", 2*time.Minute, func(ctx context.Context) (bool, error) {
			p, err := e.Client.CoreV1().Pods(ns).Get(ctx, "kafka-0", metav1.GetOptions{})
			if err != nil {
				return false, nil
			}
			return p.UID != old.UID, nil
		}); err != nil {
			return err
		}
		return e.Wait(ctx, "StatefulSet/kafka/kafka to finish its rolling update", 5*time.Minute, func(ctx context.Context) (bool, error) {
			return rolledOut(ctx, e) == nil, nil
		})
	}
	s.Check = func(ctx context.Context, e *scenarios.Env) error {
		if err := rolledOut(ctx, e); err != nil {
			return err
		}
		// A finished rollout stays finished through a resync.
		time.Sleep(3 * time.Second)
		return rolledOut(ctx, e)
	}
	return s
}

// rolledOut asserts the completed rollout: current = update revision, three
// updated and ready replicas, and every pod on that revision with the TCP
// readiness probe.
func rolledOut(ctx context.Context, e *scenarios.Env) error {
	s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "kafka", metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("StatefulSet/kafka/kafka: %w", err)
	}
	st := s.Status
	if st.ObservedGeneration != s.Generation || st.UpdateRevision == "" || st.CurrentRevision != st.UpdateRevision ||
		st.UpdatedReplicas != 3 || st.ReadyReplicas != 3 {
		return fmt.Errorf("StatefulSet/kafka/kafka: want current = update revision with 3 updated and ready, got current %s update %s updated %d ready %d",
			st.CurrentRevision, st.UpdateRevision, st.UpdatedReplicas, st.ReadyReplicas)
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=kafka"})
	if err != nil {
		return err
	}
	if len(pods.Items) != 3 {
		return fmt.Errorf("StatefulSet/kafka/kafka: %d pods, want 3", len(pods.Items))
	}
	for _, p := range pods.Items {
		if h := p.Labels["controller-revision-hash"]; h != st.UpdateRevision {
			return fmt.Errorf("Pod/kafka/%s: on revision %s, want %s", p.Name, h, st.UpdateRevision)
		}
		if rp := p.Spec.Containers[0].ReadinessProbe; rp == nil || rp.TCPSocket == nil {
			return fmt.Errorf("Pod/kafka/%s: readiness probe is not the TCP probe", p.Name)
		}
	}
	return nil
}
