// Package quotaexceeded reproduces a scale-up that a namespace's
// ResourceQuota refuses: the month-end commit scales the settlement worker
// from 2 to 8 replicas, Flux applies it, and the ReplicaSet controller
// creates pods until requests.cpu is used up; the quota admission plugin
// rejects the rest (FailedCreate, "exceeded quota") and the Deployment
// reports ReplicaFailure.
package quotaexceeded

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "payments"
	gitPath = "apps/payments"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "payments", URL: "https://git.example.com/payments/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/quota-exceeded.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "quota-exceeded",
		Question:   "why does worker run 6 of the 8 replicas Git asks for?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "16", "64Gi", "node-a", "node-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	// The platform team creates the namespace's quota before any workload.
	v0, err := scenarios.Files(desired, gitPath, "quota.yaml", "desired/quota.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "payments: compute quota", time.Now(), v0)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "ResourceQuota/payments/compute counted", time.Minute, func(ctx context.Context) (bool, error) {
		q, err := e.Client.CoreV1().ResourceQuotas(ns).Get(ctx, "compute", metav1.GetOptions{})
		return err == nil && len(q.Status.Hard) > 0, err
	}); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "api.yaml", "desired/api.yaml", "worker.yaml", "desired/worker-2.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "payments: api and settlement worker", time.Now(), v1); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	for _, d := range []string{"api", "worker"} {
		if err := waitDeployment(ctx, e, d, func(s appsv1.DeploymentStatus) bool { return s.AvailableReplicas == 2 }); err != nil {
			return err
		}
	}
	// The quota controller must have counted usage before the scale-up,
	// as it has in any namespace that has been running for a while.
	if err := e.Wait(ctx, "ResourceQuota/payments/compute usage", time.Minute, func(ctx context.Context) (bool, error) {
		q, err := e.Client.CoreV1().ResourceQuotas(ns).Get(ctx, "compute", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		used := q.Status.Used[corev1.ResourceRequestsCPU]
		return used.String() == "2", fmt.Errorf("used %v", q.Status.Used)
	}); err != nil {
		return err
	}
	api, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=api"})
	if err != nil || len(api.Items) == 0 {
		return fmt.Errorf("api pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &api.Items[0], "api", 8080, "/readyz", 2); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	scale, err := scenarios.Files(desired, gitPath, "worker.yaml", "desired/worker-8.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "payments: 8 settlement workers for month-end", time.Now(), scale); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	return waitDeployment(ctx, e, "worker", func(s appsv1.DeploymentStatus) bool {
		return s.AvailableReplicas == 6 && hasCondition(s, appsv1.DeploymentReplicaFailure)
	})
}

func waitDeployment(ctx context.Context, e *scenarios.Env, name string, ok func(appsv1.DeploymentStatus) bool) error {
	return e.Wait(ctx, "Deployment/"+ns+"/"+name, 2*time.Minute, func(ctx context.Context) (bool, error) {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return d.Status.ObservedGeneration == d.Generation && ok(d.Status), fmt.Errorf("status %+v", d.Status)
	})
}

func hasCondition(s appsv1.DeploymentStatus, t appsv1.DeploymentConditionType) bool {
	for _, c := range s.Conditions {
		if c.Type == t && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}

// check asserts what the controllers did: six workers run, the quota is
// used up, and the ReplicaSet controller recorded the quota's refusal.
func check(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "worker", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if *d.Spec.Replicas != 8 || d.Status.AvailableReplicas != 6 || !hasCondition(d.Status, appsv1.DeploymentReplicaFailure) {
		return fmt.Errorf("Deployment/payments/worker: want 8 desired, 6 available and ReplicaFailure, got %+v", d.Status)
	}
	events, err := e.Client.CoreV1().Events(ns).List(ctx, metav1.ListOptions{FieldSelector: "reason=FailedCreate"})
	if err != nil {
		return err
	}
	for _, ev := range events.Items {
		if ev.InvolvedObject.Kind == "ReplicaSet" && strings.Contains(ev.Message, "exceeded quota: compute") {
			return nil
		}
	}
	return fmt.Errorf("no FailedCreate event for the compute quota on a worker ReplicaSet")
}
