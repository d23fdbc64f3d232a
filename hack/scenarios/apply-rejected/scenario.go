// Package applyrejected reproduces an apply the API server refuses: the
// platform team's ValidatingAdmissionPolicy require-memory-limits (CEL,
// enforced on production namespaces) denies Deployments whose containers
// lack a memory limit. The invoice-api 1.15.0 commit adds an otel-agent
// sidecar without one. kustomize-controller's server-side dry-run gets the
// real API server's denial, reports ReconciliationFailed and applies
// nothing: invoice-api keeps running 1.14.2.
package applyrejected

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

//go:embed policy.yaml
var policy []byte

const (
	ns       = "billing"
	gitPath  = "workloads/billing"
	oldImage = "harbor.example.net/billing/invoice-api:1.14.2"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "billing", URL: "https://bitbucket.example.net/scm/fin/billing-manifests.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/apply-rejected.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "apply-rejected",
		Question:   "invoice-api 1.15.0 with the tracing sidecar was merged; why is billing still on 1.14.2?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "k8s-prod-worker-01", "k8s-prod-worker-02"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, flux.Namespace); err != nil {
		return err
	}
	nsObj := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1", "kind": "Namespace",
		"metadata": map[string]any{"name": ns, "labels": map[string]any{"policy.example.net/tier": "production"}},
	}}
	if _, err := e.ApplyObject(ctx, nsObj, "kubectl"); err != nil {
		return err
	}
	if _, err := e.Apply(ctx, policy, scenarios.ApplyOptions{FieldManager: "kubectl"}); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "invoice-api.yaml", "desired/invoice-api-1.14.2.yaml", "payment-webhooks.yaml", "desired/payment-webhooks.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "billing: invoice-api 1.14.2 and payment-webhooks", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "invoice-api", scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "payment-webhooks", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=invoice-api", oldImage)
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("invoice-api pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "api", 8080, "/actuator/health/readiness", 1); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "invoice-api.yaml", "desired/invoice-api-1.15.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "invoice-api 1.15.0 with OpenTelemetry agent sidecar", time.Now(), v2); err != nil {
		return err
	}
	if err := e.StoreArtifact(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	var denied string
	err = e.Wait(ctx, "the policy to deny Deployment/billing/invoice-api", time.Minute, func(ctx context.Context) (bool, error) {
		denied, err = dryRun(ctx, e, v2[gitPath+"/invoice-api.yaml"])
		return err == nil, err
	})
	if err != nil {
		return err
	}
	return e.KustomizationFailed(ctx, flux, e.Git.Revision(sha), "ReconciliationFailed", denied, time.Now())
}

// dryRun server-side applies the Deployment with dryRun=All, as
// kustomize-controller validates before applying, and returns the
// rejection in the controller's words: "<Kind/ns/name> dry-run failed:
// <the API server's error>".
func dryRun(ctx context.Context, e *scenarios.Env, manifest []byte) (string, error) {
	u := &unstructured.Unstructured{}
	if err := yaml.Unmarshal(manifest, &u.Object); err != nil {
		return "", err
	}
	u.SetNamespace(ns)
	u.SetLabels(map[string]string{
		"app.kubernetes.io/name":                "invoice-api",
		"kustomize.toolkit.fluxcd.io/name":      flux.Name,
		"kustomize.toolkit.fluxcd.io/namespace": flux.Namespace,
	})
	gvr := schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "deployments"}
	_, err := e.Dynamic.Resource(gvr).Namespace(ns).Apply(ctx, u.GetName(), u, metav1.ApplyOptions{
		FieldManager: "kustomize-controller", Force: true, DryRun: []string{metav1.DryRunAll},
	})
	if err == nil || !strings.Contains(err.Error(), "ValidatingAdmissionPolicy") {
		return "", fmt.Errorf("Deployment/%s/%s: dry-run gave %v, want the policy's denial", ns, u.GetName(), err)
	}
	return fmt.Sprintf("Deployment/%s/%s dry-run failed: %s", ns, u.GetName(), err.Error()), nil
}

// check asserts that the denied revision never landed: invoice-api runs
// three Ready pods of 1.14.2 with a single container (also five seconds
// later).
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=invoice-api", oldImage)
		if err != nil {
			return err
		}
		if len(pods) != 3 {
			return fmt.Errorf("Deployment/%s/invoice-api: %d pods on %s, want 3", ns, len(pods), oldImage)
		}
		for _, p := range pods {
			if len(p.Spec.Containers) != 1 {
				return fmt.Errorf("Pod/%s/%s: %d containers, want 1", ns, p.Name, len(p.Spec.Containers))
			}
		}
		return nil
	})
}
