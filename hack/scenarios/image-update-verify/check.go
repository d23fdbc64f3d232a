package imageupdateverify

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts the state: the Deployment controller finished the rollout
// (3 updated, available replicas on the new template), and exactly one of
// them reports an imageID other than the pin, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "catalog-api", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := d.Status; s.UpdatedReplicas != 3 || s.AvailableReplicas != 3 || s.Replicas != 3 || s.ObservedGeneration != d.Generation {
			return fmt.Errorf("Deployment/%s/catalog-api: want the rollout complete, got %+v", ns, s)
		}
		pods, err := e.PodsWithImage(ctx, ns, apiSelect, apiRepo+"@"+apiNew)
		if err != nil || len(pods) != 3 {
			return fmt.Errorf("Deployment/%s/catalog-api: %d pods of the pin, want 3 (%v)", ns, len(pods), err)
		}
		stray := 0
		for _, p := range pods {
			if id := p.Status.ContainerStatuses[0].ImageID; id != apiRepo+"@"+apiNew {
				stray++
			}
		}
		if stray != 1 {
			return fmt.Errorf("Deployment/%s/catalog-api: %d pods report another digest, want 1", ns, stray)
		}
		return e.WaitDeployment(ctx, ns, "catalog-search", scenarios.Available(2))
	})
}
