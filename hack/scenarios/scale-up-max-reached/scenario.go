// Package scaleupmaxreached reproduces pods that wait for capacity the
// cluster may not add: search-api scales from 4 to 6 replicas for a
// launch, each pod asks for 1.5 CPUs, and the node group's two 4-CPU
// nodes hold four. The real scheduler leaves two pods Pending
// (FailedScheduling: Insufficient cpu), and the cluster autoscaler will
// not add a node: the group is at its maximum ("pod didn't trigger
// scale-up: 1 max node group size reached"). The requests are ordinary
// and the four running pods serve; the limit is the platform's.
package scaleupmaxreached

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.tmpl
var desired embed.FS

const (
	ns       = "search"
	gitPath  = "apps/search"
	selector = "app.kubernetes.io/name=search-api"
	image    = "registry.example.com/search/search-api:8.2.1"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "search", URL: "https://git.example.com/search/search-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/scale-up-max-reached.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "scale-up-max-reached",
		Question:   "search-api was scaled to 6 for the launch; why do two pods stay Pending?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func files(replicas string) (map[string][]byte, error) {
	return scenarios.Template(desired, "desired/search-api.yaml.tmpl", gitPath+"/search-api.yaml", "REPLICAS", replicas)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-8-21-4.ec2.internal", "ip-10-8-37-90.ec2.internal"); err != nil {
		return err
	}
	v1, err := files("4")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "search: search-api 8.2.1, 4 replicas", v1, scenarios.Deployment{Name: "search-api", Available: 4}); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	v2, err := files("6")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "search: scale search-api to 6 for the launch", v2); err != nil {
		return err
	}
	pending, err := pendingPods(ctx, e, 2)
	if err != nil {
		return err
	}
	// The autoscaler looks at unschedulable pods every 10 seconds and
	// records, per pod, why no node group can take it.
	time.Sleep(12 * time.Second)
	now := time.Now()
	for _, p := range pending {
		ref := scenarios.ObjectRef{APIVersion: "v1", Kind: "Pod", Namespace: ns, Name: p.Name}
		if err := e.ControllerEvent(ctx, ref, "cluster-autoscaler", corev1.EventTypeNormal, "NotTriggerScaleUp",
			"pod didn't trigger scale-up: 1 max node group size reached", 2, p.CreationTimestamp.Add(10*time.Second), now); err != nil {
			return err
		}
	}
	return nil
}

// pendingPods waits for n pods the scheduler refused.
func pendingPods(ctx context.Context, e *scenarios.Env, n int) ([]corev1.Pod, error) {
	var out []corev1.Pod
	err := e.Wait(ctx, fmt.Sprintf("%d unschedulable search-api pods", n), time.Minute, func(ctx context.Context) (bool, error) {
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
		if err != nil {
			return false, err
		}
		out = out[:0]
		for _, p := range pods.Items {
			for _, c := range p.Status.Conditions {
				if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse && c.Reason == "Unschedulable" {
					out = append(out, p)
				}
			}
		}
		return len(out) == n, fmt.Errorf("%d unschedulable", len(out))
	})
	return out, err
}

// check asserts what the controllers did: four search-api pods available,
// two Pending and unschedulable for want of CPU, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "search-api", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := d.Status; s.AvailableReplicas != 4 || s.Replicas != 6 {
			return fmt.Errorf("Deployment/%s/search-api: want 4 available of 6, got %+v", ns, s)
		}
		pending, err := pendingPods(ctx, e, 2)
		if err != nil {
			return err
		}
		for _, p := range pending {
			if p.Spec.Containers[0].Image != image {
				return fmt.Errorf("Pod/%s/%s: image %s", ns, p.Name, p.Spec.Containers[0].Image)
			}
		}
		return nil
	})
}
