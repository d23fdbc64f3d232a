// Package kafkastaleprobe reproduces the Kafka stale-probe incident (seed
// 000): a broker's exec readiness probe times out, so kafka-0 is running
// but not Ready; the fix commit switches the template to a TCP probe and
// Flux applies it, but the StatefulSet controller (OrderedReady) will not
// replace a pod that is not Ready, so kafka-0 keeps the old probe.
package kafkastaleprobe

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "kafka"
	gitPath = "apps/kafka"
)

var (
	flux = scenarios.FluxSync{
		Namespace: "flux-system", Name: "platform", URL: "ssh://git@git.example.com/platform/deploy.git",
		Path: "./" + gitPath, TargetNamespace: ns,
	}
	execProbe = []string{"sh", "-c", "kafka-broker-api-versions.sh --bootstrap-server localhost:9092"}
)

// Scenario returns the recorder entry for fixtures/kafka-stale-probe.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "kafka-stale-probe",
		Question:   "why is kafka-0 still not Ready after the fix was synced?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Pod: "kafka-0", Container: "kafka"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "node-a", "node-b", "node-c"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace, "shop"); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := neighbours(ctx, e); err != nil {
		return err
	}

	// Commit 1: three brokers with the exec readiness probe; Flux applies.
	v1, err := scenarios.Files(desired, gitPath, "service.yaml", "desired/service.yaml", "statefulset.yaml", "desired/statefulset-exec-probe.yaml", "kafka-ui.yaml", "desired/kafka-ui.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "kafka: three brokers, readiness via broker API", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := waitReady(ctx, e, 3); err != nil {
		return err
	}
	if err := e.Wait(ctx, "Deployment/kafka/kafka-ui available", 2*time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "kafka-ui", metav1.GetOptions{})
		return err == nil && d.Status.AvailableReplicas == 1, err
	}); err != nil {
		return err
	}
	if err := oldResolvedWarning(ctx, e); err != nil {
		return err
	}

	// kafka-0's JVM is slow to answer within the 1s timeout: the kubelet
	// reports probe failures and takes the container out of readiness.
	// Three failures, periodSeconds apart, cross failureThreshold; the
	// first cannot precede initialDelaySeconds after the container start.
	started, err := containerStarted(ctx, e, "kafka-0", "kafka")
	if err != nil {
		return err
	}
	if err := brokerLog(e, started); err != nil {
		return err
	}
	now := time.Now()
	first := now.Add(-20 * time.Second)
	if earliest := started.Add(10 * time.Second); first.Before(earliest) {
		first = earliest
	}
	if first.After(now) {
		first = now
	}
	event, err := e.FailReadiness(ctx, ns, "kafka-0", scenarios.ProbeFailure{
		Container: "kafka", Probe: "Readiness",
		Output: scenarios.ExecTimeoutOutput(execProbe, time.Second),
		Count:  3, First: first, Last: now,
	})
	if err != nil {
		return err
	}
	if err := waitReady(ctx, e, 2); err != nil {
		return err
	}

	// Commit 2, the fix: a TCP probe. Flux applies it and reports Ready.
	time.Sleep(2 * time.Second)
	fix, err := scenarios.Files(desired, gitPath, "statefulset.yaml", "desired/statefulset-tcp-probe.yaml")
	if err != nil {
		return err
	}
	sha, err = e.Git.Commit(ctx, "kafka: readiness via TCP on the client port", time.Now(), fix)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "StatefulSet/kafka/kafka to see the new revision", time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "kafka", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return s.Status.ObservedGeneration == s.Generation && s.Status.UpdateRevision != "" &&
			s.Status.UpdateRevision != s.Status.CurrentRevision, fmt.Errorf("status %+v", s.Status)
	}); err != nil {
		return err
	}
	// The kubelet keeps probing kafka-0 with the old exec probe.
	time.Sleep(3 * time.Second)
	return e.RepeatEvent(ctx, ns, event, 9, time.Now())
}

func waitReady(ctx context.Context, e *scenarios.Env, ready int32) error {
	return e.Wait(ctx, fmt.Sprintf("StatefulSet/kafka/kafka with %d ready", ready), 3*time.Minute, func(ctx context.Context) (bool, error) {
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "kafka", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return s.Status.ReadyReplicas == ready && s.Status.Replicas == 3, fmt.Errorf("status %+v", s.Status)
	})
}
