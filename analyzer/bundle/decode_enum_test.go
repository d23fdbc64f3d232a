package bundle

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestConditionStatus checks which condition statuses the loader keeps:
// sigs.k8s.io/yaml reads an unquoted `status: True` as a boolean, which
// no API server holds where the schema asks for a string, so it is
// dropped everywhere; a string outside True, False and Unknown is dropped
// for the Kubernetes APIs only, since operators define their own
// (Gardener's Progressing, prometheus-operator's Degraded).
func TestConditionStatus(t *testing.T) {
	tests := []struct {
		name, apiVersion, kind, status string
		kept                           bool
	}{
		{"a Kubernetes status", "apps/v1", "Deployment", `"True"`, true},
		{"a lower-case Kubernetes status", "apps/v1", "Deployment", `"false"`, false},
		{"a YAML boolean on a Kubernetes kind", "apps/v1", "Deployment", `True`, false},
		{"a Gateway API status outside the set", "gateway.networking.k8s.io/v1", "Gateway", `Programming`, false},
		{"a YAML boolean on a custom resource", "promoter.argoproj.io/v1alpha1", "CommitStatus", `True`, false},
		{"a number on a custom resource", "example.com/v1", "Widget", `1`, false},
		{"an operator's own status", "monitoring.coreos.com/v1", "Prometheus", `Degraded`, true},
		{"Gardener's Progressing", "core.gardener.cloud/v1beta1", "Shoot", `Progressing`, true},
		{"Cluster API keeps the set", "cluster.x-k8s.io/v1beta1", "Cluster", `"Unknown"`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := fmt.Sprintf("apiVersion: %s\nkind: %s\nmetadata: {name: x, namespace: ns}\nstatus:\n  conditions:\n  - type: Ready\n    status: %s\n", tc.apiVersion, tc.kind, tc.status)
			objs, errs := DecodeDocuments("x.yaml", []byte(doc))
			if len(objs) != 1 {
				t.Fatalf("decoded %d objects (%v)", len(objs), errs)
			}
			c := objs[0].Object["status"].(map[string]any)["conditions"].([]any)[0].(map[string]any)
			_, kept := c["status"]
			if diff := cmp.Diff(tc.kept, kept); diff != "" {
				t.Errorf("status kept (-want +got):\n%s (errors %v)", diff, errs)
			}
			if kept != (len(errs) == 0) {
				t.Errorf("kept %v with load errors %v: a dropped field is reported, a kept one is not", kept, errs)
			}
		})
	}
}
