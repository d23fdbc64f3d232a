// Package fluxreconciledisabled reproduces a hand edit that Flux is told
// to leave alone: while chasing a stuck index, the on-call engineer
// annotated the indexer Deployment with
// kustomize.toolkit.fluxcd.io/reconcile=disabled, set a debug image and
// LOG_LEVEL=trace by hand, and never undid it. kustomize-controller keeps
// reconciling the search Kustomization at its interval and reports Ready
// at the latest commit, but it skips the annotated object, so the debug
// build keeps running. A query-api pod OOM-killed once earlier (Ready
// since) and readiness refusals of starting pods are noise.
package fluxreconciledisabled

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
	ns         = "search"
	gitPath    = "clusters/prod/search"
	debugImage = "quay.io/shopfront/search-indexer:7.2.1-debug"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "search", URL: "ssh://git@git.example.org/shopfront/fleet.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/flux-reconcile-disabled.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "flux-reconcile-disabled",
		Question:   "Flux reports search Ready at the latest commit; why does indexer run a debug image that Git does not declare?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-pool-a-7x2k", "worker-pool-a-9qm4"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	files, err := scenarios.Files(desired, gitPath, "indexer.yaml", "desired/indexer.yaml", "query-api.yaml", "desired/query-api.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "search: indexer 7.2.0, query-api 4.0.3", time.Now(), files)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "indexer", scenarios.Available(2)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "query-api", scenarios.Available(2)); err != nil {
		return err
	}
	api, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=query-api", "quay.io/shopfront/search-query-api:4.0.3")
	if err != nil || len(api) != 2 {
		return fmt.Errorf("query-api pods: %d (%v)", len(api), err)
	}
	if err := e.StartupRefusals(ctx, &api[1], "api", 8080, "/readyz", 2); err != nil {
		return err
	}
	if err := e.OOMKilledOnce(ctx, ns, api[0].Name, 12*time.Second); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	if err := handEdit(ctx, e); err != nil {
		return err
	}
	// The next reconcile at the Kustomization's interval: Ready at the
	// same revision, the annotated Deployment skipped.
	time.Sleep(2 * time.Second)
	return e.Reconcile(ctx, flux, sha, time.Now())
}

// handEdit is `kubectl annotate deployment/indexer
// kustomize.toolkit.fluxcd.io/reconcile=disabled`, then `kubectl set image
// deployment/indexer indexer=<debug>` and `kubectl set env
// deployment/indexer LOG_LEVEL=trace`, each with its command's field
// manager.
func handEdit(ctx context.Context, e *scenarios.Env) error {
	deploys := e.Client.AppsV1().Deployments(ns)
	edits := []struct{ manager, patch string }{
		{"kubectl-annotate", `{"metadata":{"annotations":{"` + scenarios.ReconcileAnnotation + `":"disabled"}}}`},
		{"kubectl-set", fmt.Sprintf(`{"spec":{"template":{"spec":{"containers":[{"name":"indexer","image":%q}]}}}}`, debugImage)},
		{"kubectl-set", `{"spec":{"template":{"spec":{"containers":[{"name":"indexer","env":[{"name":"LOG_LEVEL","value":"trace"}]}]}}}}`},
	}
	for _, ed := range edits {
		if _, err := deploys.Patch(ctx, "indexer", types.StrategicMergePatchType, []byte(ed.patch), metav1.PatchOptions{FieldManager: ed.manager}); err != nil {
			return fmt.Errorf("Deployment/%s/indexer: %s: %w", ns, ed.manager, err)
		}
	}
	return e.Wait(ctx, "indexer on the debug image only", 2*time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=indexer"})
		if err != nil {
			return false, err
		}
		debug := 0
		for _, p := range pods.Items {
			if p.Spec.Containers[0].Image == debugImage && p.DeletionTimestamp == nil && podReady(&p) {
				debug++
			}
		}
		return debug == 2 && len(pods.Items) == 2, fmt.Errorf("%d of %d pods ready on the debug image", debug, len(pods.Items))
	})
}

func podReady(p *corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// check asserts the state: indexer runs the debug image on two Ready
// pods, the Deployment carries the annotation, and the Kustomization
// reports Ready at the Git head.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "indexer", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if img := d.Spec.Template.Spec.Containers[0].Image; img != debugImage || d.Status.AvailableReplicas != 2 || d.Annotations[scenarios.ReconcileAnnotation] != "disabled" {
			return fmt.Errorf("Deployment/%s/indexer: want %s on 2 replicas with reconcile disabled, got %s, %d, %v", ns, debugImage, img, d.Status.AvailableReplicas, d.Annotations)
		}
		return nil
	})
}
