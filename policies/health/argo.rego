# METADATA
# title: Argo Rollouts, Experiments, AnalysisRuns, ApplicationSets and EventBus
# description: >-
#   A Rollout is converged when every replica runs the current pod spec
#   and serves; paused (by the user, a pause step or the controller) it is
#   suspended; aborted, timed out or with an invalid spec it failed. Runs
#   (AnalysisRun, Experiment) converge when they succeed.
# custom:
#   id: health-argo
#   group: argoproj.io
#   kinds: [Rollout, AnalysisRun, Experiment, ApplicationSet, EventBus]
package rift.health.argo

import data.rift.health.lib

health := rollout if input.kind == "Rollout"

health := run("AnalysisRun") if input.kind == "AnalysisRun"

health := run("Experiment") if input.kind == "Experiment"

health := appset if input.kind == "ApplicationSet"

health := eventbus if input.kind == "EventBus"

rollout := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.text([lib.cond_message(input, "InvalidSpec"), "invalid spec"]), [lib.cond_field("InvalidSpec")]) if {
	lib.condition(input, "InvalidSpec")
} else := lib.progressing("waiting for the rollout's spec update to be observed", lib.lag_fields) if {
	lib.observed_lag(input)
} else := lib.progressing("waiting for the rollout's workload update to be observed", ["metadata.annotations", "status.workloadObservedGeneration"]) if {
	to_number(input.status.workloadObservedGeneration) < to_number(input.metadata.annotations["rollout.argoproj.io/workload-generation"])
} else := lib.failed(lib.text([object.get(input.status, "message", ""), "the rollout is aborted"]), ["status.abort", "status.message"]) if {
	input.status.abort == true
} else := lib.failed(lib.text([object.get(input.status, "message", ""), "phase Degraded"]), ["status.phase"]) if {
	input.status.phase == "Degraded"
} else := lib.failed(lib.say(lib.condition(input, "Progressing")), [lib.cond_field("Progressing")]) if {
	lib.condition(input, "Progressing").reason in {"ProgressDeadlineExceeded", "RolloutAborted"}
	lib.cond_false(input, "Progressing")
} else := lib.suspended("the rollout is paused", ["spec.paused", "status.pauseConditions", "status.controllerPause"]) if {
	paused
} else := lib.progressing("more replicas need to be updated", ["spec.replicas", "status.updatedReplicas"]) if {
	object.get(input.status, "updatedReplicas", 0) < object.get(input.spec, "replicas", 1)
} else := lib.progressing("old replicas are pending termination", ["status.replicas", "status.updatedReplicas"]) if {
	object.get(input.status, "replicas", 0) > object.get(input.status, "updatedReplicas", 0)
} else := lib.progressing("updated replicas are still becoming available", ["status.availableReplicas", "status.updatedReplicas"]) if {
	object.get(input.status, "availableReplicas", 0) < object.get(input.status, "updatedReplicas", 0)
} else := lib.progressing("the active Service does not serve the current pod spec yet", ["status.blueGreen.activeSelector", "status.currentPodHash"]) if {
	active := object.get(input.status, ["blueGreen", "activeSelector"], object.get(input.status, "activeSelector", ""))
	active != ""
	active != input.status.currentPodHash
} else := lib.progressing(sprintf("phase %s", [input.status.phase]), ["status.phase"]) if {
	input.status.phase == "Progressing"
} else := lib.converged("every replica runs and serves the current pod spec", ["status.replicas", "status.updatedReplicas", "status.availableReplicas"])

paused if input.spec.paused == true

paused if input.status.controllerPause == true

paused if count(object.get(input.status, "pauseConditions", [])) > 0

paused if lib.cond_true(input, "Paused")

paused if input.status.phase == "Paused"

run_phases := {
	"Successful": "converged", "Failed": "failed", "Error": "failed", "Inconclusive": "unknown",
	"Pending": "progressing", "Running": "progressing",
}

run(kind) := lib.waiting if {
	lib.no_status(input)
} else := lib.result(run_phases[input.status.phase], sprintf("%s phase %s%s", [kind, input.status.phase, lib.suffix(object.get(input.status, "message", ""))]), ["status.phase"])

appset := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.say(c), [lib.cond_field(c.type)]) if {
	some c in input.status.conditions
	c.type in {"ErrorOccurred"}
	c.status == "True"
} else := lib.failed(lib.say(lib.condition(input, "ResourcesUpToDate")), [lib.cond_field("ResourcesUpToDate")]) if {
	lib.cond_false(input, "ResourcesUpToDate")
} else := lib.progressing(lib.say(lib.condition(input, "RolloutProgressing")), [lib.cond_field("RolloutProgressing")]) if {
	lib.cond_true(input, "RolloutProgressing")
} else := lib.converged(lib.say(lib.condition(input, "ResourcesUpToDate")), [lib.cond_field("ResourcesUpToDate")]) if {
	lib.cond_true(input, "ResourcesUpToDate")
}

eventbus := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.say(lib.condition(input, "Deployed")), [lib.cond_field("Deployed")]) if {
	lib.cond_false(input, "Deployed")
} else := lib.converged(lib.say(lib.condition(input, "Deployed")), [lib.cond_field("Deployed")]) if {
	lib.cond_true(input, "Deployed")
}
