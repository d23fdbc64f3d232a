package rift.health.hpa_test

import data.rift.health.hpa

obj(conds) := {"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "status": {"currentReplicas": 2, "conditions": conds}}

c(t, s, r) := {"type": t, "status": s, "reason": r, "message": sprintf("%s message", [r])}

able := c("AbleToScale", "True", "ReadyForNewScale")

within := c("ScalingLimited", "False", "DesiredWithinRange")

test_metrics_api_missing_failed if {
	h := hpa.health with input as obj([able, c("ScalingActive", "False", "FailedGetResourceMetric"), within])
	h.status == "failed"
	h.reason == "ScalingActive=False FailedGetResourceMetric: FailedGetResourceMetric message"
	h.fields == ["status.conditions[type=ScalingActive]"]
}

test_external_metric_failed if {
	hpa.health.status == "failed" with input as obj([able, c("ScalingActive", "False", "FailedGetExternalMetric")])
}

test_target_missing_failed if {
	h := hpa.health with input as obj([c("AbleToScale", "False", "FailedGetScale"), c("ScalingActive", "True", "ValidMetricFound")])
	h.status == "failed"
	h.fields == ["status.conditions[type=AbleToScale]"]
}

test_invalid_selector_failed if {
	hpa.health.status == "failed" with input as obj([able, c("ScalingActive", "False", "InvalidSelector")])
}

# Right after a scale the controller waits out its stabilization window:
# AbleToScale=False with a backoff reason is no failure.
test_backoff_converged if {
	hpa.health.status == "converged" with input as obj([c("AbleToScale", "False", "BackoffBoth"), c("ScalingActive", "True", "ValidMetricFound"), within])
}

test_at_max_converged if {
	hpa.health.status == "converged" with input as obj([able, c("ScalingActive", "True", "ValidMetricFound"), c("ScalingLimited", "True", "TooManyReplicas")])
}

test_target_scaled_to_zero_converged if {
	hpa.health.status == "converged" with input as obj([c("AbleToScale", "True", "SucceededGetScale"), c("ScalingActive", "False", "ScalingDisabled")])
}

test_no_conditions_progressing if {
	hpa.health.status == "progressing" with input as {"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "status": {"currentReplicas": 0}}
}

test_v1_annotation_read if {
	conds := json.marshal([{"type": "AbleToScale", "status": "True", "reason": "SucceededGetScale"}, {"type": "ScalingActive", "status": "False", "reason": "FailedGetResourceMetric", "message": "missing request for cpu"}])
	h := hpa.health with input as {"apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler", "metadata": {"annotations": {"autoscaling.alpha.kubernetes.io/conditions": conds}}, "status": {"currentReplicas": 1}}
	h.status == "failed"
	h.fields == ["metadata.annotations[autoscaling.alpha.kubernetes.io/conditions]"]
}

test_v1_annotation_not_json_progressing if {
	h := hpa.health with input as {"apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler", "metadata": {"annotations": {"autoscaling.alpha.kubernetes.io/conditions": "{"}}, "status": {"currentReplicas": 1}}
	h.status == "progressing"
}

# The controller sets AbleToScale before ScalingActive: a count without it
# was not reached by a controller that read the target (gitops-engine's
# hpa-v2-progressing capture).
test_count_without_able_to_scale_progressing if {
	hpa.health.status == "progressing" with input as obj([c("ScalingActive", "True", "ValidMetricFound"), within])
}
