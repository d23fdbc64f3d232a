// Package podnetworksetupfailed reproduces a rollout held by a node whose
// network plugin is not running: the cluster autoscaler has just added
// worker-c-7kx2p, whose calico-node agent has not started, and the
// release of catalog-api 2.4.0 surges one pod that fits only there (the
// first node is full). The kubelet cannot set up the pod's network
// (FailedCreatePodSandBox: plugin type="calico" failed (add): stat
// /var/lib/calico/nodename: no such file or directory), so the pod waits
// in ContainerCreating and, with maxUnavailable 0, the rollout stops; the
// three 2.3.0 pods keep serving. Nothing in the application's Git is
// wrong.
package podnetworksetupfailed

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.tmpl
var desired embed.FS

const (
	ns       = "catalog"
	gitPath  = "apps/catalog"
	selector = "app.kubernetes.io/name=catalog-api"
	oldImage = "registry.example.com/shop/catalog-api:2.3.0"
	newImage = "registry.example.com/shop/catalog-api:2.4.0"
	fullNode = "worker-a-2m9qd"
	newNode  = "worker-c-7kx2p"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "catalog", URL: "https://git.example.com/shop/catalog-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/pod-network-setup-failed.
func Scenario() scenarios.Scenario {
	// kwok starts no container on the new node: its network plugin is down.
	hold := testcluster.StageHold{Stage: "pod-ready", Key: ".spec.nodeName", Operator: "NotIn", Values: []string{newNode}}
	return scenarios.Scenario{
		Name:       "pod-network-setup-failed",
		Question:   "why is the catalog-api 2.4.0 rollout stuck?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{hold}},
		Run:        run,
		Check:      check,
	}
}

func files(version string) (map[string][]byte, error) {
	return scenarios.Template(desired, "desired/catalog-api.yaml.tmpl", gitPath+"/catalog-api.yaml", "VERSION", version)
}

// calico is containerd's error, as the kubelet reports it, when the Calico
// CNI plugin runs before calico-node has written the node's name.
func calico(sandbox string) string {
	return fmt.Sprintf(`Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox %q: plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/`, sandbox)
}

func run(ctx context.Context, e *scenarios.Env) error {
	// Three 1200m pods fill the first node's 4 CPUs but for 400m.
	if err := e.AddNodes(ctx, "4", "16Gi", fullNode); err != nil {
		return err
	}
	v1, err := files("2.3.0")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "catalog: catalog-api 2.3.0", v1, scenarios.Deployment{Name: "catalog-api", Available: 3}); err != nil {
		return err
	}
	if err := e.AddNodes(ctx, "4", "16Gi", newNode); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	v2, err := files("2.4.0")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "catalog: catalog-api 2.4.0", v2); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	p := pods[0]
	if p.Spec.NodeName != newNode {
		return fmt.Errorf("Pod/%s/%s: scheduled to %s, want %s", ns, p.Name, p.Spec.NodeName, newNode)
	}
	// The kubelet retries the sandbox at each pod sync, backing off; each
	// attempt fails at once with a new sandbox id.
	created := p.CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(20 * time.Second)))
	_, err = e.KubeletEvent(ctx, &p, "", corev1.EventTypeWarning, "FailedCreatePodSandBox",
		calico("8c2f4e1a9b7d3c5e0f6a2b4d8e1c7f3a9b5d0e2c4f6a8b1d3e5f7a9c0b2d4e6f"), 6, created.Add(time.Second), time.Now())
	return err
}

// check asserts what the controllers did: catalog-api keeps three
// available 2.3.0 pods and one 2.4.0 pod on the new node, Pending and not
// started, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.SurgeHeld(ctx, ns, "catalog-api", selector, oldImage, 3); err != nil {
			return err
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/catalog-api: %d pods of 2.4.0, want 1 (%v)", ns, len(pods), err)
		}
		if p := pods[0]; p.Spec.NodeName != newNode || p.Status.Phase != corev1.PodPending {
			return fmt.Errorf("Pod/%s/%s: want Pending on %s, got %s on %s", ns, p.Name, newNode, p.Status.Phase, p.Spec.NodeName)
		}
		return nil
	})
}
