# METADATA
# title: KEDA scalers
# description: >-
#   A ScaledObject or ScaledJob converged when Ready; paused suspended; a
#   trigger falling back, or a failed check, failed; still creating its
#   HPA progressing.
# custom:
#   id: health-keda
#   group: keda.sh
#   kinds: [ScaledObject, ScaledJob, TriggerAuthentication, ClusterTriggerAuthentication]
package rift.health.keda

import data.rift.health.lib

ready := lib.condition(input, "Ready")

health := lib.waiting if {
	lib.no_status(input)
} else := lib.suspended(lib.text([lib.cond_message(input, "Paused"), "paused"]), [lib.cond_field("Paused")]) if {
	lib.cond_true(input, "Paused")
} else := lib.failed(lib.text([lib.cond_message(input, "Fallback"), "a trigger falls back"]), [lib.cond_field("Fallback")]) if {
	lib.cond_true(input, "Fallback")
} else := lib.failed(lib.say(ready), [lib.cond_field("Ready")]) if {
	ready.status == "False"
} else := lib.failed(lib.say(ready), [lib.cond_field("Ready")]) if {
	ready.status == "Unknown"
	contains(object.get(ready, "reason", ""), "Error")
} else := lib.converged(lib.say(ready), [lib.cond_field("Ready")]) if {
	ready.status == "True"
} else := lib.progressing(lib.text([lib.cond_message(input, "Running"), "waiting for the scaler to be ready"]), [lib.cond_field("Ready")])
