// Package storageclassmissing reproduces a workload that cannot start
// until someone changes something: the reports 2.0 commit adds a claim of
// StorageClass fast-ssd, which the cluster does not have (its only class
// is standard). The PV controller reports ProvisioningFailed
// (storageclass.storage.k8s.io "fast-ssd" not found) and never binds the
// claim; the scheduler refuses the pod (unbound immediate
// PersistentVolumeClaims). Nothing will move without a change: blocked,
// not progressing. The noise: the HPA controller's metric warnings,
// invoices' readiness refusals while it started and its resolved OOM kill.
package storageclassmissing

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
	ns      = "billing"
	gitPath = "apps/billing"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "billing", URL: "https://git.example.com/billing/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/storageclass-missing.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "storageclass-missing",
		Question:   "reports 2.0 was merged twenty minutes ago; why is it still not running?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "node-a", "node-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	class, err := desired.ReadFile("desired/storageclass.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Apply(ctx, class, scenarios.ApplyOptions{FieldManager: "eksctl"}); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "invoices.yaml", "desired/invoices.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "billing: invoices 4.4.1", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "invoices", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=invoices"})
	if err != nil || len(pods.Items) != 2 {
		return fmt.Errorf("invoices pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods.Items[0], "invoices", 8080, "/healthz", 2); err != nil {
		return err
	}
	if err := e.ResolvedOOM(ctx, ns, pods.Items[1].Name, "invoices"); err != nil {
		return err
	}

	v2, err := scenarios.Files(desired, gitPath, "invoices.yaml", "desired/invoices.yaml", "reports.yaml", "desired/reports.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "billing: reports 2.0 keeps its cache on fast-ssd", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	return e.Wait(ctx, "reports pod refused by the scheduler", 2*time.Minute, func(ctx context.Context) (bool, error) {
		return reportsUnschedulable(ctx, e)
	})
}

func reportsUnschedulable(ctx context.Context, e *scenarios.Env) (bool, error) {
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=reports"})
	if err != nil || len(pods.Items) != 1 {
		return false, err
	}
	for _, c := range pods.Items[0].Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse && strings.Contains(c.Message, "PersistentVolumeClaims") {
			return true, nil
		}
	}
	return false, nil
}

// check asserts what the controllers did: claim reports-data is Pending
// with the PV controller's ProvisioningFailed naming the missing class,
// and the reports pod is unschedulable, also five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pvc, err := e.Client.CoreV1().PersistentVolumeClaims(ns).Get(ctx, "reports-data", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if pvc.Status.Phase != corev1.ClaimPending {
			return fmt.Errorf("PersistentVolumeClaim/%s/reports-data: %s, want Pending", ns, pvc.Status.Phase)
		}
		evs, err := e.Client.CoreV1().Events(ns).List(ctx, metav1.ListOptions{FieldSelector: "involvedObject.name=reports-data,reason=ProvisioningFailed"})
		if err != nil || len(evs.Items) == 0 || !strings.Contains(evs.Items[0].Message, `"fast-ssd" not found`) {
			return fmt.Errorf("PersistentVolumeClaim/%s/reports-data: no ProvisioningFailed naming fast-ssd (%v)", ns, err)
		}
		if ok, err := reportsUnschedulable(ctx, e); err != nil || !ok {
			return fmt.Errorf("Pod reports: not refused by the scheduler (%v)", err)
		}
		return nil
	})
}
