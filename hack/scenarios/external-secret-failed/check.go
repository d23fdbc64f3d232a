package externalsecretfailed

import (
	"context"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts the state: the Secret does not exist, no invoice-worker pod is
// available and each waits in CreateContainerConfigError, still, five
// seconds later; billing-portal serves.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if _, err := e.Client.CoreV1().Secrets(ns).Get(ctx, "invoice-db-credentials", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
			return fmt.Errorf("Secret/%s/invoice-db-credentials: want not found, got %v", ns, err)
		}
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "invoice-worker", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := d.Status; s.AvailableReplicas != 0 || s.UnavailableReplicas != 3 {
			return fmt.Errorf("Deployment/%s/invoice-worker: want 0 available, 3 unavailable, got %+v", ns, s)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, image)
		if err != nil || len(pods) != 3 {
			return fmt.Errorf("Deployment/%s/invoice-worker: %d pods, want 3 (%v)", ns, len(pods), err)
		}
		for _, p := range pods {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CreateContainerConfigError" {
				return fmt.Errorf("Pod/%s/%s: want waiting CreateContainerConfigError, got %+v", ns, p.Name, p.Status.ContainerStatuses[0].State)
			}
		}
		return e.WaitDeployment(ctx, ns, "billing-portal", scenarios.Available(2))
	})
}
