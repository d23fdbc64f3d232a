# METADATA
# title: KServe InferenceService
# description: >-
#   Stopped on purpose (the Stopped condition) suspended; a model that
#   failed to load, or a revision that failed, failed; every readiness
#   condition True converged; the rest progressing.
# custom:
#   id: health-kserve
#   group: serving.kserve.io
#   kinds: [InferenceService]
package rift.health.kserve

import data.rift.health.lib

conds := object.get(input.status, "conditions", [])

transition := object.get(input.status, ["modelStatus", "transitionStatus"], "")

failed_conds := [c | some c in conds; c.status == "False"; contains(object.get(c, "reason", ""), "Failed")]

health := lib.waiting if {
	lib.no_status(input)
} else := lib.suspended("stopped", [lib.cond_field("Stopped")]) if {
	lib.cond_true(input, "Stopped")
} else := lib.failed(sprintf("model transition %s", [transition]), ["status.modelStatus.transitionStatus"]) if {
	transition in {"BlockedByFailedLoad", "InvalidSpec"}
} else := lib.failed(lib.say(failed_conds[0]), ["status.conditions"]) if {
	count(failed_conds) > 0
} else := lib.progressing(sprintf("model transition %s", [transition]), ["status.modelStatus.transitionStatus"]) if {
	transition == "InProgress"
} else := lib.converged("every readiness condition is True", ["status.conditions"]) if {
	count(conds) > 0
	count([c | some c in conds; c.type != "Stopped"; c.status != "True"]) == 0
} else := lib.progressing("not ready yet", ["status.conditions"])
