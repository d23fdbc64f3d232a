# METADATA
# title: HorizontalPodAutoscaler
# description: >-
#   The autoscaler works when it can read its target's scale and compute a
#   replica count from its metrics. Failed when it cannot: the target's
#   scale cannot be read or written (AbleToScale=False FailedGetScale,
#   FailedUpdateScale), a metric cannot be fetched (ScalingActive=False
#   FailedGet*Metric: no metrics API, no request to take a percentage of,
#   an adapter down), or the spec cannot work (InvalidSelector,
#   InvalidMetricSourceType). AbleToScale=False for a backoff is the
#   controller waiting out its stabilization window, not a failure.
#   Converged when the controller read the target's scale (AbleToScale)
#   and computed a replica count (ScalingActive=True), or when scaling is
#   disabled because the target is scaled to zero; otherwise progressing. autoscaling/v1 keeps the conditions in the
#   autoscaling.alpha.kubernetes.io/conditions annotation.
# custom:
#   id: health-hpa
#   group: autoscaling
#   kinds: [HorizontalPodAutoscaler]
package rift.health.hpa

import data.rift.health.lib

v1_annotation := "autoscaling.alpha.kubernetes.io/conditions"

# conds and field: the conditions and where they were read.
conds := input.status.conditions if {
	is_array(input.status.conditions)
} else := json.unmarshal(a) if {
	a := input.metadata.annotations[v1_annotation]
	json.is_valid(a)
} else := []

field(t) := lib.cond_field(t) if {
	is_array(input.status.conditions)
} else := sprintf("metadata.annotations[%s]", [v1_annotation])

# broken is, per condition type, the reasons the controller gives when it
# cannot do its work; every FailedGet...Metric reason of ScalingActive is
# one too (resource, container resource, pods, object, external).
broken := {
	"AbleToScale": {"FailedGetScale", "FailedUpdateScale"},
	"ScalingActive": {"InvalidSelector", "InvalidMetricSourceType"},
}

failing(c) if {
	c.status == "False"
	c.reason in broken[c.type]
}

failing(c) if {
	c.type == "ScalingActive"
	c.status == "False"
	startswith(object.get(c, "reason", ""), "FailedGet")
}

failures := [c | some c in conds; failing(c)]

active := [c | some c in conds; c.type == "ScalingActive"]

health := lib.failed(lib.say(failures[0]), [field(failures[0].type)]) if {
	count(failures) > 0
} else := lib.converged(lib.say(active[0]), [field("ScalingActive")]) if {
	active[0].status == "False"
	active[0].reason == "ScalingDisabled"
} else := lib.converged(lib.say(active[0]), [field("AbleToScale"), field("ScalingActive")]) if {
	# The controller sets AbleToScale before it computes a count: without
	# it, the count shown was not reached by a controller that read the
	# target's scale.
	some a in conds
	a.type == "AbleToScale"
	active[0].status == "True"
} else := lib.progressing("waiting for the autoscaler to read its target's scale and compute a replica count", [field("AbleToScale"), field("ScalingActive")])
