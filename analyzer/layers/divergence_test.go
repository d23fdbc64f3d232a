package layers

import (
	"testing"
	"unsafe"

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

func TestVPAResizedRequestsHaveAnOwner(t *testing.T) {
	w := findWorkload(t, loadYAMLFile(t, "testdata/divergence/vpa-resized-requests.yaml"), "Deployment/shop/api")
	want := []flatDivergence{
		{Between: [2]string{LayerController, LayerRuntime}, Object: "Pod/shop/api-7c9d-x", Path: "spec.containers[name=api].resources.requests.cpu", Expected: `"100m"`, Observed: `"250m"`, Owner: "vpa-admission-controller"},
		{Between: [2]string{LayerController, LayerRuntime}, Object: "Pod/shop/api-7c9d-x", Path: "spec.containers[name=api].resources.requests.memory", Expected: `"128Mi"`, Observed: `"300Mi"`, Owner: "vpa-admission-controller"},
	}
	if d := cmp.Diff(want, flatten(w.Divergences)); d != "" {
		t.Errorf("divergences (-want +got):\n%s", d)
	}
}

// Fields an Application's ignoreDifferences exempts (by JSON pointer or by
// field manager) are not declared intent; the relabelled tier still is.
func TestArgoIgnoreDifferences(t *testing.T) {
	w := findWorkload(t, Build(loadFixture(t, "testdata/argo-ignore-differences")), "Deployment/shop/web")
	want := []flatDivergence{
		{Between: [2]string{LayerRendered, LayerApplied}, Object: "Deployment/shop/web", Path: "metadata.labels.tier", Expected: `"frontend"`, Observed: `"backend"`},
	}
	if d := cmp.Diff(want, flatten(w.Divergences)); d != "" {
		t.Errorf("divergences (-want +got):\n%s", d)
	}
}

// TestPodDivergencesShareValues: the pods of one workload that differ
// from the template alike hold one copy of each path and value, which is
// what keeps a stuck rollout of thousands of pods small (issue 22).
func TestPodDivergencesShareValues(t *testing.T) {
	w := findWorkload(t, loadYAMLFile(t, "testdata/divergence/pods-resized-alike.yaml"), "Deployment/shop/api")
	if len(w.Divergences) != 6 {
		t.Fatalf("%d divergences, want 2 fields on each of 3 pods: %+v", len(w.Divergences), flatten(w.Divergences))
	}
	first := map[string]Divergence{}
	for _, d := range w.Divergences {
		f, ok := first[d.Path]
		if !ok {
			first[d.Path] = d
			continue
		}
		if unsafe.StringData(f.Path) != unsafe.StringData(d.Path) {
			t.Errorf("%s on %s: path held twice", d.Path, d.Object.Name)
		}
		if &f.Expected[0] != &d.Expected[0] || &f.Observed[0] != &d.Observed[0] {
			t.Errorf("%s on %s: expected %s, observed %s held twice", d.Path, d.Object.Name, d.Expected, d.Observed)
		}
	}
}
