// Package nodeunhealthy reproduces a node whose kubelet stops reporting:
// query-frontend runs one replica per node; the kubelet of one node stops
// renewing its Lease (the recorder takes the node away from kwok, which
// plays its kubelet, and freezes the Lease), and after the grace period
// the real node lifecycle controller marks the node Ready=Unknown
// ("Kubelet stopped posting node status."), taints it unreachable and
// marks its pods not Ready. The pod is not evicted yet (the default 300s
// toleration), so the Deployment runs 2 of 3 available replicas.
// suggest-api, off that node, is healthy.
package nodeunhealthy

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
	ns       = "search"
	gitPath  = "clusters/eu-central/search"
	selector = "app.kubernetes.io/name=query-frontend"
	image    = "registry.example.com/search/query-frontend:0.31.2"
	// kwok plays the kubelet of nodes carrying this annotation.
	kwokAnnotation = "kwok.x-k8s.io/node"
)

var nodes = []string{"ip-172-20-33-91.eu-central-1.compute.internal", "ip-172-20-47-12.eu-central-1.compute.internal", "ip-172-20-58-203.eu-central-1.compute.internal"}

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "search", URL: "https://github.example.com/web/search-gitops.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/node-unhealthy.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "node-unhealthy",
		Question:   "why is one query-frontend replica not Ready?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", nodes...); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	files, err := scenarios.Files(desired, gitPath, "query-frontend.yaml", "desired/query-frontend.yaml", "suggest-api.yaml", "desired/suggest-api.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "search: query-frontend 0.31.2, suggest-api 2.0.9", time.Now(), files)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "query-frontend", scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "suggest-api", scenarios.Available(2)); err != nil {
		return err
	}
	sug, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=suggest-api", "registry.example.com/search/suggest-api:2.0.9")
	if err != nil || len(sug) != 2 {
		return fmt.Errorf("suggest-api pods: %d (%v)", len(sug), err)
	}
	if err := e.StartupRefusals(ctx, &sug[0], "api", 8081, "/healthz", 1); err != nil {
		return err
	}
	victim, err := nodeWithout(sug)
	if err != nil {
		return err
	}
	// The kubelet stops. kwok plays the kubelets of all nodes and keeps
	// renewing any Lease it holds, even of a node it no longer manages;
	// it leaves alone a Lease another holder keeps, so the node's own
	// identity takes it with a renewTime that never moves again, and the
	// node lifecycle controller sees the heartbeat stop.
	patch := fmt.Sprintf(`{"metadata":{"annotations":{%q:null}}}`, kwokAnnotation)
	if _, err := e.Client.CoreV1().Nodes().Patch(ctx, victim, types.MergePatchType, []byte(patch), metav1.PatchOptions{}); err != nil {
		return fmt.Errorf("Node/%s: %w", victim, err)
	}
	lease := fmt.Sprintf(`{"spec":{"holderIdentity":%q,"leaseDurationSeconds":86400,"renewTime":%q}}`,
		victim, time.Now().UTC().Format("2006-01-02T15:04:05.000000Z07:00"))
	if _, err := e.Client.CoordinationV1().Leases("kube-node-lease").Patch(ctx, victim, types.MergePatchType, []byte(lease), metav1.PatchOptions{}); err != nil {
		return fmt.Errorf("Lease/kube-node-lease/%s: %w", victim, err)
	}
	e.Logf("stopped the kubelet of %s", victim)
	return e.Wait(ctx, "the node lifecycle controller to mark the pod not Ready", 4*time.Minute, func(ctx context.Context) (bool, error) {
		p, err := podOn(ctx, e, victim)
		if err != nil {
			return false, err
		}
		return podReady(p) == corev1.ConditionFalse, fmt.Errorf("Pod/%s/%s still Ready", ns, p.Name)
	})
}

// nodeWithout picks the first node (by name) where none of the pods runs.
func nodeWithout(pods []corev1.Pod) (string, error) {
	used := map[string]bool{}
	for _, p := range pods {
		used[p.Spec.NodeName] = true
	}
	for _, n := range nodes {
		if !used[n] {
			return n, nil
		}
	}
	return "", fmt.Errorf("every node runs a suggest-api pod")
}

func podOn(ctx context.Context, e *scenarios.Env, node string) (*corev1.Pod, error) {
	pods, err := e.PodsWithImage(ctx, ns, selector, image)
	if err != nil {
		return nil, err
	}
	for i := range pods {
		if pods[i].Spec.NodeName == node {
			return &pods[i], nil
		}
	}
	return nil, fmt.Errorf("no query-frontend pod on %s", node)
}

func podReady(p *corev1.Pod) corev1.ConditionStatus {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status
		}
	}
	return corev1.ConditionUnknown
}
