package timeline

import (
	"testing"
)

// TestHealthCaptures checks failure detection on the real single-object
// captures of gitops-engine's health tests, whose file names carry the
// expected health.
func TestHealthCaptures(t *testing.T) {
	tests := []struct {
		file   string
		failed bool
	}{
		{"apiservice-v1-false.yaml", true},
		{"apiservice-v1-true.yaml", false},
		{"deployment-degraded.yaml", true},
		{"deployment-progressing.yaml", false},
		{"deployment-suspended.yaml", false},
		{"hpa-v2-degraded.yaml", true},
		{"hpa-v2-healthy.yaml", false},
		{"hpa-v2-progressing.yaml", false},
		{"hpa-v2beta1-healthy-disabled.yaml", false},
		{"job-failed.yaml", true},
		{"job-running.yaml", false},
		{"job-succeeded.yaml", false},
		{"pod-crashloop.yaml", true},
		{"pod-error.yaml", true},
		{"pod-failed.yaml", true},
		{"pod-imagepullbackoff.yaml", true},
		{"pod-running-restart-always.yaml", false},
		{"pod-succeeded.yaml", false},
		{"pvc-bound.yaml", false},
		{"statefulset.yaml", false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			tl := Build(loadFiles(t, gitopsEngine+tt.file), nil)
			var failed []string
			for _, e := range tl.Entries {
				if e.Failure {
					failed = append(failed, e.Reason)
				}
			}
			if tt.failed != (len(failed) > 0) {
				t.Errorf("want failed=%v, got failures %v", tt.failed, failed)
			}
		})
	}
}
