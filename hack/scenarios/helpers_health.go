package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// HealthCheckFailed is kustomize-controller's health check of a
// Kustomization with spec.wait (FluxSync.Timeout) timing out at failed,
// after Reconcile applied commit sha at applied: the objects and the
// inventory stay applied, but Ready and Healthy turn False with
// HealthCheckFailed, lastAttemptedRevision is sha's revision and
// lastAppliedRevision goes back to previous's (the controller sets it
// only once the health check passes), with a Warning event. waiting are
// the objects the health check still saw InProgress ("Deployment/ns/name").
func (e *Env) HealthCheckFailed(ctx context.Context, f FluxSync, previous, sha string, waiting []string, applied, failed time.Time) error {
	if f.Timeout == "" {
		return fmt.Errorf("Kustomization/%s/%s: no spec.timeout, so no health check", f.Namespace, f.Name)
	}
	u, err := e.getFlux(ctx, "Kustomization", f)
	if err != nil {
		return err
	}
	st, _, _ := unstructured.NestedMap(u.Object, "status")
	attempted := e.Git.Revision(sha)
	var items string
	for i, w := range waiting {
		if i > 0 {
			items += ", "
		}
		items += w + " status: 'InProgress'"
	}
	msg := fmt.Sprintf("health check failed after %s: timeout waiting for: [%s]", failed.Sub(applied).Round(time.Millisecond), items)
	ts := failed.UTC().Format(time.RFC3339)
	st["lastAppliedRevision"] = e.Git.Revision(previous)
	st["lastAttemptedRevision"] = attempted
	st["conditions"] = []any{
		condition("Ready", "False", "HealthCheckFailed", msg, ts, u.GetGeneration()),
		condition("Healthy", "False", "HealthCheckFailed", msg, ts, u.GetGeneration()),
	}
	if err := e.kustomizationStatus(ctx, u, st); err != nil {
		return err
	}
	return e.FluxEvent(ctx, u, "kustomize-controller", corev1.EventTypeWarning, "HealthCheckFailed", msg, attempted, failed)
}
