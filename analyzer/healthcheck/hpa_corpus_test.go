package healthcheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/health"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestGitopsEngineHPACaptures runs the health library on gitops-engine's
// HorizontalPodAutoscaler captures, whose health test names the expected
// health (health_test.go's TestHPA and TestHPAv1). One answer differs, on
// purpose, with its reason.
func TestGitopsEngineHPACaptures(t *testing.T) {
	const dir = "../../testdata/corpus/gitops-engine-health/pkg/health/testdata/"
	reg, err := layers.DefaultHealth()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file, argo, want, why string
	}{
		{"hpa-v1-degraded.yaml", "Degraded", health.Failed, ""},
		{"hpa-v1-healthy-toofew.yaml", "Healthy", health.Converged, ""},
		// Argo CD returns the first condition it knows in the annotation's
		// order: SucceededRescale comes before ScalingActive=False
		// FailedGetResourceMetric ("the server is currently unable to
		// handle the request (get pods.metrics.k8s.io)"). The autoscaler
		// cannot compute a replica count: it is not working.
		{"hpa-v1-healthy.yaml", "Healthy", health.Failed, "ScalingActive=False FailedGetResourceMetric"},
		{"hpa-v1-progressing-with-no-annotations.yaml", "Progressing", health.Progressing, ""},
		{"hpa-v1-progressing.yaml", "Progressing", health.Progressing, ""},
		{"hpa-v2-degraded.yaml", "Degraded", health.Failed, ""},
		{"hpa-v2-healthy.yaml", "Healthy", health.Converged, ""},
		{"hpa-v2-progressing.yaml", "Progressing", health.Progressing, ""},
		{"hpa-v2beta1-healthy-disabled.yaml", "Healthy", health.Converged, ""},
		{"hpa-v2beta1-healthy.yaml", "Healthy", health.Converged, ""},
		{"hpa-v2beta2-healthy.yaml", "Healthy", health.Converged, ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			objs, errs := bundle.DecodeDocuments(tc.file, data)
			if len(errs) > 0 || len(objs) != 1 {
				t.Fatalf("decode: %d objects, errors %v", len(objs), errs)
			}
			rep, err := RunObjects(objs, reg)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Items) != 1 {
				t.Fatalf("%d judgements, want 1", len(rep.Items))
			}
			it := rep.Items[0]
			if it.Status != tc.want || it.Rule != "health-hpa" {
				t.Errorf("%s by %s (%s), want %s by health-hpa", it.Status, it.Rule, it.Reason, tc.want)
			}
			if agrees := agreesWith(tc.argo, it.Status); agrees == (tc.why != "") {
				t.Errorf("Argo CD says %s, rift %s: the table's reason %q does not fit", tc.argo, it.Status, tc.why)
			}
		})
	}
}
