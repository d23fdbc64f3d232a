package hypothesis

import (
	"strings"
	"testing"
)

func TestDecodeNextCheck(t *testing.T) {
	r := &Rule{ID: "r", Cause: "crash-loop", Layer: "runtime"}
	tests := []struct {
		check string
		ok    bool
	}{
		{"kubectl get pod kafka-0 -n kafka -o jsonpath={.spec.containers[?(@.name==\"kafka\")].readinessProbe}", true},
		{"kubectl logs web-1 -n shop -c web --previous --tail=50", true},
		{"kubectl get events -n shop --field-selector involvedObject.name=web-1", true},
		{"flux get sources git infra -n flux-system", true},
		{"argocd app diff shop", true},
		{"argocd proj windows list retail", true},
		{"argocd proj get retail", true},
		{"argocd proj windows delete retail 0", false},
		{"dig +short vault.example", true},
		{"kubectl delete pod web-1 -n shop", false},
		{"kubectl rollout restart deployment/web", false},
		{"flux reconcile kustomization apps", false},
		{"kubectl get pods; kubectl delete pods --all", false},
		{"kubectl get pods $(rm -rf /)", false},
		{"argocd app sync shop", false},
	}
	for _, tt := range tests {
		t.Run(tt.check, func(t *testing.T) {
			_, err := decode(r, []any{map[string]any{"subject": map[string]any{"kind": "Pod", "name": "x"}, "nextCheck": tt.check}})
			if (err == nil) != tt.ok {
				t.Errorf("decode error = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestDecodeRefusesBadOutput(t *testing.T) {
	r := &Rule{ID: "r", Cause: "crash-loop", Layer: "runtime"}
	pod := map[string]any{"kind": "Pod", "name": "x"}
	tests := []struct {
		name string
		out  map[string]any
		want string
	}{
		{"other cause", map[string]any{"subject": pod, "cause": "drift"}, `cause "drift" differs`},
		{"no subject", map[string]any{"summary": "s"}, "subject needs kind and name"},
		{"bad status", map[string]any{"subject": pod, "status": "likely"}, `status "likely"`},
		{"bad owner", map[string]any{"subject": pod, "repair": map[string]any{"owner": "sre"}}, `repair.owner "sre"`},
		{"bad link", map[string]any{"subject": pod, "explains": []any{map[string]any{"cause": "x"}}}, "explains needs"},
		{"not an object", nil, "hypothesis set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v any = []any{tt.out}
			if tt.out == nil {
				v = "nope"
			}
			_, err := decode(r, v)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "rule r") {
				t.Errorf("error %v, want one naming the rule and %q", err, tt.want)
			}
		})
	}
}

func TestDecodeDefaults(t *testing.T) {
	cs, err := decode(&Rule{ID: "r", Cause: "crash-loop", Layer: "runtime"}, []any{map[string]any{
		"subject":    map[string]any{"apiVersion": "v1", "kind": "Pod", "namespace": "ns", "name": "x"},
		"supporting": []any{map[string]any{"message": "m", "time": "2026-01-01T00:00:00Z"}, map[string]any{"message": "n", "time": "@now-5m"}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	h := cs[0].h
	if h.ID != "r:Pod/ns/x" || h.Cause != "crash-loop" || h.Repair.Owner != OwnerNone || h.Layer != "runtime" || cs[0].explicit {
		t.Errorf("defaults: %+v", h)
	}
	if h.Supporting[0].Time == nil || h.Supporting[1].Time != nil {
		t.Errorf("times: a valid RFC 3339 time is kept, a placeholder is dropped: %+v", h.Supporting)
	}
}
