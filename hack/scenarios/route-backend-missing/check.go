package routebackendmissing

import (
	"context"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts the state: Service web is gone, storefront-web routes to
// both Ready pods, and the Ingress still names web, still, five seconds
// later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if _, err := e.Client.CoreV1().Services(ns).Get(ctx, "web", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
			return fmt.Errorf("Service/%s/web: want pruned, got %v", ns, err)
		}
		slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=storefront-web"})
		if err != nil || len(slices.Items) == 0 || len(slices.Items[0].Endpoints) != 2 {
			return fmt.Errorf("Service/%s/storefront-web: want 2 endpoints (%v)", ns, err)
		}
		ing, err := e.Client.NetworkingV1().Ingresses(ns).Get(ctx, "storefront", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if got := ing.Spec.Rules[0].HTTP.Paths[0].Backend.Service.Name; got != "web" {
			return fmt.Errorf("Ingress/%s/storefront: backend %s, want web", ns, got)
		}
		return e.WaitDeployment(ctx, ns, "web", scenarios.Available(2))
	})
}
