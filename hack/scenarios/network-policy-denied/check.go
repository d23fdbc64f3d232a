package networkpolicydenied

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/hack/scenarios/ordersapp"
)

// check asserts the state: the three policies are stored, Service
// orders-db has its ready endpoint, both orders-api pods are in
// CrashLoopBackOff, still, five seconds later; shipping-notifier is
// available.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pols, err := e.Client.NetworkingV1().NetworkPolicies(ns).List(ctx, metav1.ListOptions{})
		if err != nil || len(pols.Items) != 3 {
			return fmt.Errorf("NetworkPolicies in %s: %d, want 3 (%v)", ns, len(pols.Items), err)
		}
		if err := e.WaitDeployment(ctx, ns, "orders-db", scenarios.Available(1)); err != nil {
			return err
		}
		return ordersapp.CrashLooping(ctx, e)
	})
}
