// Package volumeunavailable reproduces storage that can never bind: Git
// adds a ClickHouse StatefulSet on a new StorageClass local-ssd whose
// provisioner is kubernetes.io/no-provisioner with Immediate binding, and
// nobody created local PersistentVolumes. The PV controller cannot
// provision the claim (ProvisioningFailed), the claim stays Pending, and
// the scheduler refuses clickhouse-0 (FailedScheduling: unbound immediate
// PersistentVolumeClaims). The unbound claim is the cause, the
// scheduling failure its effect.
package volumeunavailable

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "analytics"
	gitPath = "platform/analytics"
	claim   = "data-clickhouse-0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "analytics", URL: "https://git.example.com/data/analytics-stack.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/volume-unavailable.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "volume-unavailable",
		Question:   "why is clickhouse-0 still Pending?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "16", "64Gi", "node-analytics-01", "node-analytics-02"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "dashboards.yaml", "desired/dashboards.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "analytics: superset dashboards", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "dashboards", scenarios.Available(2)); err != nil {
		return err
	}
	dash, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=dashboards", "registry.example.com/analytics/superset:4.0.2")
	if err != nil || len(dash) == 0 {
		return fmt.Errorf("dashboards pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &dash[0], "superset", 8088, "/health", 4); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	// The storage class lands first, in its own commit, as Flux would
	// also apply a class before the objects that use it.
	for _, c := range []struct{ msg, file string }{
		{"analytics: local-ssd storage class", "storageclass.yaml"},
		{"analytics: ClickHouse on local SSDs", "clickhouse.yaml"},
	} {
		files, err := scenarios.Files(desired, gitPath, c.file, "desired/"+c.file)
		if err != nil {
			return err
		}
		if sha, err = e.Git.Commit(ctx, c.msg, time.Now(), files); err != nil {
			return err
		}
		if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
	// Let the PV controller retry and the scheduler back off a few times,
	// as in a cluster where this has gone on for a while.
	return e.Wait(ctx, "FailedScheduling and ProvisioningFailed", 2*time.Minute, func(ctx context.Context) (bool, error) {
		reasons, err := eventReasons(ctx, e)
		return err == nil && reasons["Pod/clickhouse-0/FailedScheduling"] && reasons["PersistentVolumeClaim/"+claim+"/ProvisioningFailed"], fmt.Errorf("events so far: %v (%v)", reasons, err)
	})
}

func eventReasons(ctx context.Context, e *scenarios.Env) (map[string]bool, error) {
	evs, err := e.Client.CoreV1().Events(ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, ev := range evs.Items {
		out[ev.InvolvedObject.Kind+"/"+ev.InvolvedObject.Name+"/"+ev.Reason] = true
	}
	return out, nil
}

// check asserts what the controllers did: the claim is Pending with no
// volume, clickhouse-0 is unscheduled with the scheduler's reason, the
// StatefulSet did not create clickhouse-1 (OrderedReady), still, five
// seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pvc, err := e.Client.CoreV1().PersistentVolumeClaims(ns).Get(ctx, claim, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if pvc.Status.Phase != corev1.ClaimPending || pvc.Spec.VolumeName != "" {
			return fmt.Errorf("PersistentVolumeClaim/%s/%s: want Pending and unbound, got %s %q", ns, claim, pvc.Status.Phase, pvc.Spec.VolumeName)
		}
		p, err := e.Client.CoreV1().Pods(ns).Get(ctx, "clickhouse-0", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if p.Spec.NodeName != "" || !unschedulable(p) {
			return fmt.Errorf("Pod/%s/clickhouse-0: want unschedulable, got node %q conditions %+v", ns, p.Spec.NodeName, p.Status.Conditions)
		}
		if _, err := e.Client.CoreV1().Pods(ns).Get(ctx, "clickhouse-1", metav1.GetOptions{}); err == nil {
			return fmt.Errorf("Pod/%s/clickhouse-1: created before clickhouse-0 was Ready", ns)
		}
		return nil
	})
}

func unschedulable(p *corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse && c.Reason == corev1.PodReasonUnschedulable {
			return strings.Contains(c.Message, "PersistentVolumeClaims")
		}
	}
	return false
}
