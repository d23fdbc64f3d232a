# METADATA
# title: OpenKruise workloads
# description: >-
#   CloneSet, Advanced StatefulSet and Advanced DaemonSet, and the
#   GameServerSet built on them: converged when every replica runs the
#   updated template and is ready; paused or held by a partition on purpose
#   suspended; replicas not ready on the current template failed; the spec
#   not observed yet progressing.
# custom:
#   id: health-kruise
#   kinds:
#   - apps.kruise.io/CloneSet
#   - apps.kruise.io/StatefulSet
#   - apps.kruise.io/DaemonSet
#   - game.kruise.io/GameServerSet
#   - apps.kruise.io/AdvancedCronJob
#   - rollouts.kruise.io/Rollout
package rift.health.kruise

import data.rift.health.lib

strategy := object.get(input.spec, "updateStrategy", {})

partition := object.get(strategy, "partition", object.get(strategy, ["rollingUpdate", "partition"], 0))

desired := input.status.desiredNumberScheduled if input.kind == "DaemonSet"

else := object.get(input.spec, "replicas", 1)

updated := input.status.updatedNumberScheduled if input.kind == "DaemonSet"

else := object.get(input.status, "updatedReplicas", desired)

health := cron if {
	input.kind == "AdvancedCronJob"
} else := rollout if {
	input.kind == "Rollout"
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing("waiting for the controller to observe the spec", lib.lag_fields) if {
	object.get(input.status, "observedGeneration", 0) < object.get(input.metadata, "generation", 0)
} else := lib.progressing("waiting for the controller to observe the spec", lib.lag_fields) if {
	input.kind == "DaemonSet"
	desired == 0
} else := lib.suspended("the update strategy is paused", ["spec.updateStrategy.paused"]) if {
	paused
} else := lib.suspended(sprintf("partition %v holds %v replicas on the old template until someone lowers it", [partition, desired - updated]), ["spec.updateStrategy.partition", "status.updatedReplicas"]) if {
	is_number(partition)
	partition > 0
	updated < desired
} else := lib.failed("some pods are not ready or available", ["status.numberUnavailable", "status.numberReady"]) if {
	input.kind == "DaemonSet"
	object.get(input.status, "numberUnavailable", 0) > 0
} else := lib.failed(sprintf("%v of %v replicas on the current template are ready", [object.get(input.status, "updatedReadyReplicas", 0), desired]), ["status.updatedReadyReplicas", "spec.replicas"]) if {
	input.kind in {"CloneSet", "StatefulSet"}
	object.get(input.status, "updatedReadyReplicas", 0) < desired
} else := lib.progressing(sprintf("ReadyReplicas %v/%v", [object.get(input.status, "readyReplicas", 0), desired]), ["status.readyReplicas", "spec.replicas"]) if {
	input.kind == "GameServerSet"
	object.get(input.status, "readyReplicas", 0) < desired
} else := lib.converged("every replica runs the updated template and is ready", ["status"])

paused if strategy.paused == true

paused if strategy.rollingUpdate.paused == true

paused if input.spec.paused == true

cron := lib.suspended("paused", ["spec.paused"]) if {
	input.spec.paused == true
} else := lib.progressing(sprintf("%d jobs active", [count(input.status.active)]), ["status.active"]) if {
	count(object.get(input.status, "active", [])) > 0
} else := lib.converged(sprintf("last scheduled at %s", [input.status.lastScheduleTime]), ["status.lastScheduleTime"]) if {
	is_string(input.status.lastScheduleTime)
} else := lib.failed("has not run yet", ["status.lastScheduleTime"])

rollout := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(sprintf("phase %s", [input.status.phase]), ["status.phase"]) if {
	input.status.phase in {"Disabled", "Terminating"}
} else := lib.suspended(object.get(input.status, "message", "paused: needs manual intervention"), ["status.canaryStatus.currentStepState"]) if {
	input.status.canaryStatus.currentStepState == "StepPaused"
} else := lib.converged("completed", ["status.phase"]) if {
	input.status.phase == "Healthy"
} else := lib.progressing(sprintf("phase %v", [object.get(input.status, "phase", "")]), ["status.phase"])
