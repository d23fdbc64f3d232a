package health

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func obj(m map[string]any) *bundle.Object {
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
}

func cond(t, s, reason string) map[string]any {
	return map[string]any{"type": t, "status": s, "reason": reason}
}

func TestFallback(t *testing.T) {
	tests := []struct {
		name   string
		object map[string]any
		want   string
		ok     bool
	}{
		{"no status at all is no judgement", map[string]any{"kind": "Widget"}, "", false},
		{"an empty status is no judgement", map[string]any{"status": map[string]any{}}, "", false},
		{"suspended", map[string]any{"spec": map[string]any{"suspend": true}}, Suspended, true},
		{"generation not observed", map[string]any{"metadata": map[string]any{"generation": int64(3)}, "status": map[string]any{"observedGeneration": int64(2)}}, Progressing, true},
		{"observed, no conditions", map[string]any{"metadata": map[string]any{"generation": int64(3)}, "status": map[string]any{"observedGeneration": int64(3)}}, Converged, true},
		{"stalled", map[string]any{"status": map[string]any{"conditions": []any{cond("Stalled", "True", "Boom"), cond("Ready", "True", "")}}}, Failed, true},
		{"reconciling", map[string]any{"status": map[string]any{"conditions": []any{cond("Reconciling", "True", "")}}}, Progressing, true},
		{"ready", map[string]any{"status": map[string]any{"conditions": []any{cond("Ready", "True", "")}}}, Converged, true},
		{"not ready, on its way", map[string]any{"status": map[string]any{"conditions": []any{cond("Ready", "False", "Creating")}}}, Progressing, true},
		{"not ready, a failure", map[string]any{"status": map[string]any{"conditions": []any{cond("Ready", "False", "ReconcileFailed")}}}, Failed, true},
		{"not ready, another condition names the failure", map[string]any{"metadata": map[string]any{"generation": int64(1)}, "status": map[string]any{"conditions": []any{cond("Ready", "False", "DoesNotExist"), cond("Issuing", "False", "Failed")}}}, Failed, true},
		{"not ready, another condition on its way", map[string]any{"status": map[string]any{"conditions": []any{cond("Ready", "False", "DoesNotExist"), cond("Issuing", "False", "Pending")}}}, Progressing, true},
		{"not ready, generation observed, no wait named", map[string]any{"metadata": map[string]any{"generation": int64(2)}, "status": map[string]any{"observedGeneration": int64(2), "conditions": []any{cond("Ready", "False", "DoesNotExist")}}}, Failed, true},
		{"not ready, the condition observed the generation", map[string]any{"metadata": map[string]any{"generation": int64(2)}, "status": map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": "False", "reason": "DoesNotExist", "observedGeneration": int64(2)}}}}, Failed, true},
		{"not ready, generation observed, a wait named", map[string]any{"metadata": map[string]any{"generation": int64(2)}, "status": map[string]any{"observedGeneration": int64(2), "conditions": []any{cond("Ready", "False", "Provisioning")}}}, Progressing, true},
		{"not ready, generation observed, reconciling", map[string]any{"metadata": map[string]any{"generation": int64(2)}, "status": map[string]any{"observedGeneration": int64(2), "conditions": []any{cond("Ready", "False", "DoesNotExist"), cond("Reconciling", "True", "Progressing")}}}, Progressing, true},
		{"not ready, nothing says the generation", map[string]any{"metadata": map[string]any{"generation": int64(2)}, "status": map[string]any{"conditions": []any{cond("Ready", "False", "DoesNotExist")}}}, Progressing, true},
		{"not ready, an Info severity", map[string]any{"metadata": map[string]any{"generation": int64(2)}, "status": map[string]any{"observedGeneration": int64(2), "conditions": []any{map[string]any{"type": "Ready", "status": "False", "reason": "Scaling", "severity": "Info"}}}}, Progressing, true},
		{"available", map[string]any{"status": map[string]any{"conditions": []any{cond("Available", "True", "")}}}, Converged, true},
		{"synced false beats ready true", map[string]any{"status": map[string]any{"conditions": []any{cond("Ready", "True", ""), cond("Synced", "False", "ReconcileError")}}}, Failed, true},
		{"reconcile paused", map[string]any{"status": map[string]any{"conditions": []any{cond("Synced", "False", "ReconcilePaused")}}}, Suspended, true},
		{"phase", map[string]any{"status": map[string]any{"phase": "Failed"}}, Failed, true},
		{"a kind-specific word is left to rules", map[string]any{"status": map[string]any{"phase": "Running"}}, "", false},
		{"a Ready without status says nothing", map[string]any{"status": map[string]any{"conditions": []any{map[string]any{"type": "Ready"}}}}, Unknown, true},
		{"ready boolean", map[string]any{"status": map[string]any{"readyToUse": true}}, Converged, true},
		{"not ready yet", map[string]any{"status": map[string]any{"ready": false}}, Progressing, true},
		{"not ready, an error", map[string]any{"status": map[string]any{"readyToUse": false, "error": map[string]any{"message": "snapshot failed"}}}, Failed, true},
		{"a Running condition is left to rules", map[string]any{"status": map[string]any{"conditions": []any{cond("Running", "True", "")}}}, "", false},
		{"other conditions all True", map[string]any{"status": map[string]any{"conditions": []any{cond("Synced", "True", ""), cond("Configured", "True", "")}}}, Converged, true},
		{"route accepted by its parents", map[string]any{"status": map[string]any{"parents": []any{map[string]any{"parentRef": map[string]any{"name": "gw"}, "conditions": []any{cond("Accepted", "True", "Accepted"), cond("ResolvedRefs", "True", "ResolvedRefs")}}}}}, Converged, true},
		{"route refs not resolved", map[string]any{"status": map[string]any{"parents": []any{map[string]any{"parentRef": map[string]any{"name": "gw"}, "conditions": []any{cond("Accepted", "True", "Accepted"), cond("ResolvedRefs", "False", "BackendNotFound")}}}}}, Failed, true},
		{"policy ancestor never accepted", map[string]any{"status": map[string]any{"ancestors": []any{map[string]any{"ancestorRef": map[string]any{"name": "gw"}, "conditions": []any{cond("Bar", "True", "Foo")}}}}}, Failed, true},
		{"policy ancestor not decided", map[string]any{"status": map[string]any{"ancestors": []any{map[string]any{"ancestorRef": map[string]any{"name": "gw"}, "conditions": []any{cond("Accepted", "Unknown", "Pending")}}}}}, Progressing, true},
		{"being deleted", map[string]any{"metadata": map[string]any{"deletionTimestamp": "2024-01-01T00:00:00Z"}, "status": map[string]any{"phase": "Ready"}}, Progressing, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := Fallback(obj(tc.object))
			if diff := cmp.Diff(tc.want+"/"+map[bool]string{true: "ok"}[tc.ok], r.Status+"/"+map[bool]string{true: "ok"}[ok]); diff != "" {
				t.Errorf("Fallback (-want +got):\n%s (reason %q)", diff, r.Reason)
			}
			if ok && r.Rule != FallbackID {
				t.Errorf("rule %q, want %q", r.Rule, FallbackID)
			}
		})
	}
}
