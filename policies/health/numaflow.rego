# METADATA
# title: Numaflow pipelines and Numaplane rollouts
# description: >-
#   Converged when every health condition is True; a condition False with
#   a failure reason failed, with a progressing reason progressing; a
#   progressive upgrade that failed failed; paused suspended.
# custom:
#   id: health-numaflow
#   kinds:
#   - numaflow.numaproj.io/Pipeline
#   - numaflow.numaproj.io/MonoVertex
#   - numaflow.numaproj.io/Vertex
#   - numaflow.numaproj.io/InterStepBufferService
#   - numaplane.numaproj.io/ISBServiceRollout
#   - numaplane.numaproj.io/MonoVertexRollout
#   - numaplane.numaproj.io/NumaflowControllerRollout
#   - numaplane.numaproj.io/PipelineRollout
package rift.health.numaflow

import data.rift.health.lib

conds := object.get(input.status, "conditions", [])

unhealthy := [c | some c in conds; c.status == "False"; not c.type in {"MonoVertexPausingOrPaused", "PipelinePausingOrPaused", "ProgressiveUpgradeSucceeded"}]

health := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing(lib.lag_reason(input), lib.lag_fields) if {
	lib.observed_lag(input)
} else := lib.failed(lib.text([object.get(input.status, "message", ""), "phase Failed"]), ["status.phase", "status.message"]) if {
	input.status.phase == "Failed"
} else := lib.progressing("phase Pending: an update is in progress", ["status.phase"]) if {
	input.status.phase == "Pending"
} else := lib.failed("a progressive upgrade failed", ["metadata.labels", "status.progressiveStatus"]) if {
	progressive_failed
} else := lib.suspended("paused", ["status.phase", "status.conditions"]) if {
	paused
} else := lib.progressing(lib.say(unhealthy[0]), ["status.conditions"]) if {
	count(unhealthy) > 0
	unhealthy[0].reason in {"Progressing", "Pending"}
	input.kind in {"ISBServiceRollout", "MonoVertexRollout", "NumaflowControllerRollout", "PipelineRollout"}
} else := lib.failed(lib.say(unhealthy[0]), ["status.conditions"]) if {
	count(unhealthy) > 0
} else := lib.progressing(sprintf("upgrade in progress (%s)", [input.status.upgradeInProgress]), ["status.upgradeInProgress"]) if {
	input.status.upgradeInProgress
} else := lib.converged("every health condition is True", ["status.conditions"])

progressive_failed if input.metadata.labels["numaplane.numaproj.io/progressive-result-state"] == "failed"

progressive_failed if lib.cond_false(input, "ProgressiveUpgradeSucceeded")

paused if input.status.phase in {"Paused", "Pausing"}

paused if {
	some t in ["MonoVertexPausingOrPaused", "PipelinePausingOrPaused"]
	lib.cond_true(input, t)
}
