package scenarios

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WaitEvent waits until a controller has recorded an Event with reason on
// the object kind/namespace/name, e.g. the HorizontalPodAutoscaler
// controller's FailedGetResourceMetric when no metrics API is served.
func (e *Env) WaitEvent(ctx context.Context, kind, namespace, name, reason string, timeout time.Duration) error {
	what := fmt.Sprintf("%s event on %s/%s/%s", reason, kind, namespace, name)
	return e.Wait(ctx, what, timeout, func(ctx context.Context) (bool, error) {
		evs, err := e.Client.CoreV1().Events(namespace).List(ctx, metav1.ListOptions{})
		if err != nil {
			return false, err
		}
		for _, ev := range evs.Items {
			o := ev.InvolvedObject
			if o.Kind == kind && o.Name == name && ev.Reason == reason {
				return true, nil
			}
		}
		return false, fmt.Errorf("no %s event yet (%d events)", reason, len(evs.Items))
	})
}
