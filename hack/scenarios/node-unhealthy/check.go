package nodeunhealthy

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

// check asserts what the node lifecycle controller did: exactly one node
// is Ready=Unknown and tainted unreachable, its query-frontend pod is not
// Ready and not evicted, the other two are Ready, still, five seconds
// later; suggest-api is available.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		var down []string
		for _, n := range nodes {
			node, err := e.Client.CoreV1().Nodes().Get(ctx, n, metav1.GetOptions{})
			if err != nil {
				return err
			}
			for _, c := range node.Status.Conditions {
				if c.Type == corev1.NodeReady && c.Status != corev1.ConditionTrue {
					down = append(down, n)
					tainted := false
					for _, t := range node.Spec.Taints {
						tainted = tainted || t.Key == corev1.TaintNodeUnreachable
					}
					if c.Status != corev1.ConditionUnknown || !tainted {
						return fmt.Errorf("Node/%s: want Ready=Unknown and the unreachable taint, got %s %v", n, c.Status, node.Spec.Taints)
					}
				}
			}
		}
		if len(down) != 1 {
			return fmt.Errorf("%d nodes not Ready, want 1", len(down))
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, image)
		if err != nil || len(pods) != 3 {
			return fmt.Errorf("Deployment/%s/query-frontend: %d pods, want 3 (%v)", ns, len(pods), err)
		}
		for _, p := range pods {
			want := corev1.ConditionTrue
			if p.Spec.NodeName == down[0] {
				want = corev1.ConditionFalse
			}
			if got := podReady(&p); got != want || p.DeletionTimestamp != nil {
				return fmt.Errorf("Pod/%s/%s on %s: Ready=%s (deleting %v), want %s", ns, p.Name, p.Spec.NodeName, got, p.DeletionTimestamp != nil, want)
			}
		}
		return e.WaitDeployment(ctx, ns, "suggest-api", scenarios.Available(2))
	})
}
