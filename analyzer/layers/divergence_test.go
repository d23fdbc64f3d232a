package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMeshRewrittenProbeIsNotDrift(t *testing.T) {
	w := findWorkload(t, loadYAMLFile(t, "testdata/divergence/istio-rewritten-probe.yaml"), "Deployment/mesh/web")
	var got []string
	for _, d := range w.Divergences {
		got = append(got, d.Object.Name+" "+d.Path)
	}
	want := []string{"web-5b6c-b spec.containers[name=web].readinessProbe"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("divergences (-want +got):\n%s", d)
	}
}
