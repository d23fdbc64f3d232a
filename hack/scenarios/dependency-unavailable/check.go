package dependencyunavailable

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/hack/scenarios/ordersapp"
)

// check asserts the state: orders-db has 0 replicas and Service orders-db
// no ready endpoint, both orders-api pods are in CrashLoopBackOff, still,
// five seconds later; shipping-notifier is available.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		slices, err := e.Client.DiscoveryV1().EndpointSlices(ns).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=orders-db"})
		if err != nil {
			return err
		}
		for _, s := range slices.Items {
			if len(s.Endpoints) != 0 {
				return fmt.Errorf("Service/%s/orders-db: %d endpoints in %s, want none", ns, len(s.Endpoints), s.Name)
			}
		}
		return ordersapp.CrashLooping(ctx, e)
	})
}
