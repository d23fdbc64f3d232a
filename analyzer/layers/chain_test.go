package layers

import "testing"

func TestRevisionChainEvidence(t *testing.T) {
	tests := []struct {
		fixture, workload, path, has string
	}{
		{"testdata/apply-denied-by-webhook", "Deployment/shop/web", "status.lastAttemptedRevision", "the newer revision did not apply"},
		{"testdata/kafka-stale-probe", "StatefulSet/kafka/kafka", "status.inventory", "StatefulSet/kafka/kafka is listed"},
		{"testdata/argo-destination-namespace", "Deployment/shop/web", "status.resources", "Deployment/shop/web is listed"},
	}
	for _, tc := range tests {
		t.Run(tc.fixture+"/"+tc.path, func(t *testing.T) {
			l := layerOf(findWorkload(t, Build(loadFixture(t, tc.fixture)), tc.workload), LayerGitOps)
			for _, e := range l.Evidence {
				if e.Path == tc.path && contains(e.Message, tc.has) {
					return
				}
			}
			t.Errorf("no %s evidence saying %q: %+v", tc.path, tc.has, l.Evidence)
		})
	}
}

func TestReadyPodNotRoutedIsADependencyFailure(t *testing.T) {
	w := findWorkload(t, loadYAMLFile(t, "testdata/stages/ready-pod-missing-from-endpoints.yaml"), "Pod/web/echo")
	if l := layerOf(w, LayerDependencies); l.Status != StatusFailed {
		t.Errorf("dependencies = %s, want failed: %+v", l.Status, l.Evidence)
	}
}
