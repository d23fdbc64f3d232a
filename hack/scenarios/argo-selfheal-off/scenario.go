// Package argoselfheal reproduces a hand edit that Argo CD reports and
// never corrects: the payments Application syncs automatically with
// prune but without selfHeal. During a load test the on-call engineer
// raised ledger's connection pool and memory limit by hand (`kubectl set
// env` and `kubectl set resources`). Argo CD's next refresh compares the
// live Deployment with the revision it already synced and reports
// OutOfSync; automated sync applies a revision only once, and without
// selfHeal it does not re-apply it to correct live changes, so the
// Application stays OutOfSync at the same revision while ledger keeps the
// hand-set values.
package argoselfheal

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "payments"
	gitPath  = "apps/payments"
	ledger   = "ledger"
	selector = "app.kubernetes.io/name=ledger"
	image    = "ghcr.io/acme-pay/ledger:3.4.1"
)

var app = scenarios.ArgoApp{
	Namespace: "argocd", Name: "payments", RepoURL: "https://gitlab.example.com/acme-pay/deploy.git",
	Path: gitPath, Dest: ns,
	SyncPolicy: map[string]any{"automated": map[string]any{"prune": true}},
}

// Scenario returns the recorder entry for fixtures/argo-selfheal-off.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "argo-selfheal-off",
		Question:   "Argo CD has shown payments OutOfSync for an hour with automated sync on; why does ledger still run a pool size and memory limit that Git does not declare?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "aks-payments-12345678-vmss000000", "aks-payments-12345678-vmss000001"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, app.Namespace); err != nil {
		return err
	}
	if err := e.InstallArgoCRD(ctx); err != nil {
		return err
	}
	files, err := scenarios.Files(desired, gitPath, "ledger.yaml", "desired/ledger.yaml", "fx-rates.yaml", "desired/fx-rates.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "payments: ledger 3.4.1 and fx-rates with autoscaling", time.Now(), files)
	if err != nil {
		return err
	}
	if err := e.ArgoSync(ctx, app, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, ledger, scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "fx-rates", scenarios.Available(2)); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	if err := handEdit(ctx, e); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, selector, image)
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("ledger pods: %d (%v)", len(pods), err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], ledger, 8080, "/ready", 2); err != nil {
		return err
	}
	// The real HorizontalPodAutoscaler controller finds no metrics API.
	if err := e.WaitEvent(ctx, "HorizontalPodAutoscaler", ns, "fx-rates", "FailedGetResourceMetric", 2*time.Minute); err != nil {
		return err
	}
	return e.ArgoRefresh(ctx, app, sha, []scenarios.ArgoResource{{Kind: "Deployment", Name: ledger}}, time.Now())
}

// handEdit is `kubectl set env deployment/ledger LEDGER_POOL_SIZE=80` and
// `kubectl set resources deployment/ledger --limits=memory=1Gi`, each a
// strategic merge patch with kubectl's field manager for the command;
// then the Deployment controller rolls the change out.
func handEdit(ctx context.Context, e *scenarios.Env) error {
	deploys := e.Client.AppsV1().Deployments(ns)
	patches := []string{
		`{"spec":{"template":{"spec":{"containers":[{"name":"ledger","env":[{"name":"LEDGER_POOL_SIZE","value":"80"}]}]}}}}`,
		`{"spec":{"template":{"spec":{"containers":[{"name":"ledger","resources":{"limits":{"memory":"1Gi"}}}]}}}}`,
	}
	for _, p := range patches {
		if _, err := deploys.Patch(ctx, ledger, types.StrategicMergePatchType, []byte(p), metav1.PatchOptions{FieldManager: "kubectl-set"}); err != nil {
			return fmt.Errorf("Deployment/%s/%s: kubectl set: %w", ns, ledger, err)
		}
	}
	if err := e.WaitDeployment(ctx, ns, ledger, scenarios.Available(3)); err != nil {
		return err
	}
	return e.Wait(ctx, "ledger pods on the hand-set spec", 2*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
		if err != nil {
			return false, err
		}
		edited := 0
		for _, p := range pods.Items {
			if poolSize(&p) == "80" && p.DeletionTimestamp == nil {
				edited++
			}
		}
		return edited == 3 && len(pods.Items) == 3, fmt.Errorf("%d of %d pods edited", edited, len(pods.Items))
	})
}

func poolSize(p *corev1.Pod) string {
	for _, c := range p.Spec.Containers {
		for _, env := range c.Env {
			if env.Name == "LEDGER_POOL_SIZE" {
				return env.Value
			}
		}
	}
	return ""
}

// check asserts the state: ledger runs the hand-set pool size and limit on
// three available replicas, and the Application is OutOfSync at the
// revision its last successful sync applied.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, ledger, metav1.GetOptions{})
		if err != nil {
			return err
		}
		c := d.Spec.Template.Spec.Containers[0]
		if lim := c.Resources.Limits.Memory().String(); lim != "1Gi" || d.Status.AvailableReplicas != 3 {
			return fmt.Errorf("Deployment/%s/%s: want limit 1Gi on 3 available replicas, got %s, %d", ns, ledger, lim, d.Status.AvailableReplicas)
		}
		return nil
	})
}
