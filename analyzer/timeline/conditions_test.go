package timeline

import "testing"

// TestConditionFailed: which current conditions are failed transitions.
func TestConditionFailed(t *testing.T) {
	for _, tc := range []struct {
		kind, typ, status, reason string
		want                      bool
	}{
		{"HorizontalPodAutoscaler", "ScalingActive", "False", "FailedGetResourceMetric", true},
		{"HorizontalPodAutoscaler", "AbleToScale", "False", "FailedGetScale", true},
		{"HorizontalPodAutoscaler", "AbleToScale", "False", "BackoffBoth", false},
		{"HorizontalPodAutoscaler", "AbleToScale", "False", "BackoffDownscale", false},
		{"HorizontalPodAutoscaler", "ScalingActive", "False", "ScalingDisabled", false},
		{"HorizontalPodAutoscaler", "ScalingLimited", "True", "TooManyReplicas", false},
		{"Deployment", "Available", "False", "MinimumReplicasUnavailable", true},
		{"Deployment", "Progressing", "False", "ProgressDeadlineExceeded", true},
		{"Deployment", "Progressing", "True", "ReplicaSetUpdated", false},
		{"Node", "Ready", "Unknown", "NodeStatusUnknown", true},
		{"Kustomization", "Stalled", "True", "BuildFailed", true},
	} {
		t.Run(tc.kind+"/"+tc.typ+"="+tc.status+"/"+tc.reason, func(t *testing.T) {
			if got := conditionFailed(tc.kind, tc.typ, tc.status, tc.reason); got != tc.want {
				t.Errorf("conditionFailed = %v, want %v", got, tc.want)
			}
		})
	}
}
