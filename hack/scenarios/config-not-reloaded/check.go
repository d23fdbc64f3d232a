package confignotreloaded

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts the state: the ConfigMap holds the fix, the Deployment is
// at its first generation (no rollout), and both pods, started before the
// fix, are running and not Ready, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		cm, err := e.Client.CoreV1().ConfigMaps(ns).Get(ctx, "payments-api-config", metav1.GetOptions{})
		if err != nil || cm.Data["PAYMENTS_PROVIDER"] != "stripe-v2" {
			return fmt.Errorf("ConfigMap/%s/payments-api-config: want stripe-v2 (%v)", ns, err)
		}
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "payments-api", metav1.GetOptions{})
		if err != nil || d.Generation != 1 {
			return fmt.Errorf("Deployment/%s/payments-api: want generation 1 (%v)", ns, err)
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, apiImage)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("payments-api: %d pods, want 2 (%v)", len(pods), err)
		}
		for _, p := range pods {
			cs := p.Status.ContainerStatuses[0]
			if cs.State.Running == nil || cs.Ready {
				return fmt.Errorf("Pod/%s/%s: want running and not ready, got %+v", ns, p.Name, cs)
			}
			if !cs.State.Running.StartedAt.Time.Before(cm.ManagedFields[len(cm.ManagedFields)-1].Time.Time) {
				return fmt.Errorf("Pod/%s/%s: started %s, not before the ConfigMap's last write", ns, p.Name, cs.State.Running.StartedAt)
			}
		}
		return nil
	})
}
