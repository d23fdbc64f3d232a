# METADATA
# title: Operators whose state is a word of their own
# description: >-
#   Each of these operators reports a state in a field of its own: a
#   keikoproj Iamrole (state Ready), a kubernetes-client ExternalSecret
#   (status SUCCESS or ERROR), a Jaeger (phase Running), a Keptn Analysis
#   (Completed, passed or with warnings), a Flagger Canary (phase), an
#   OpenKruise GameServer (current against desired state), a DatadogMetric
#   (Valid, Error) and a ClusterExternalSecret (namespaces that failed).
# custom:
#   id: health-ops-misc
#   kinds:
#   - iammanager.keikoproj.io/Iamrole
#   - kubernetes-client.io/ExternalSecret
#   - jaegertracing.io/Jaeger
#   - metrics.keptn.sh/Analysis
#   - flagger.app/Canary
#   - game.kruise.io/GameServer
#   - datadoghq.com/DatadogMetric
#   - external-secrets.io/ClusterExternalSecret
package rift.health.ops_misc

import data.rift.health.lib

canary := {
	"Initialized": "converged", "Succeeded": "converged", "Failed": "failed",
	"Initializing": "progressing", "Progressing": "progressing", "Promoting": "progressing", "Finalising": "progressing",
	"Waiting": "progressing", "WaitingPromotion": "progressing",
}

health := lib.unknown("no status: the GameServer has not been reported on", ["status"]) if {
	input.kind == "GameServer"
	lib.no_status(input)
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.converged(sprintf("role %s exists", [input.status.roleName]), ["status.state"]) if {
	input.kind == "Iamrole"
	input.status.state == "Ready"
} else := lib.failed(lib.text([object.get(input.status, "errorDescription", ""), input.status.state]), ["status.state", "status.errorDescription"]) if {
	input.kind == "Iamrole"
} else := lib.converged("fetched", ["status.status"]) if {
	input.kind == "ExternalSecret"
	input.status.status == "SUCCESS"
} else := lib.failed(input.status.status, ["status.status"]) if {
	input.kind == "ExternalSecret"
	startswith(input.status.status, "ERROR")
} else := lib.converged("Running", ["status.phase"]) if {
	input.kind == "Jaeger"
	input.status.phase == "Running"
} else := lib.failed("the analysis did not pass", ["status.pass"]) if {
	input.kind == "Analysis"
	input.status.state == "Completed"
	input.status.pass == false
} else := lib.result(canary[input.status.phase], lib.text([lib.cond_message(input, "Promoted"), input.status.phase]), ["status.phase"]) if {
	input.kind == "Canary"
	canary[input.status.phase]
} else := game_server if {
	input.kind == "GameServer"
} else := lib.failed(lib.text([lib.cond_message(input, "Valid"), "the metric query is invalid"]), [lib.cond_field("Valid")]) if {
	input.kind == "DatadogMetric"
	lib.cond_false(input, "Valid")
} else := lib.failed(sprintf("%d namespaces failed", [count(input.status.failedNamespaces)]), ["status.failedNamespaces"]) if {
	input.kind == "ClusterExternalSecret"
	count(object.get(input.status, "failedNamespaces", [])) > 0
} else := lib.converged("the metric query is valid", [lib.cond_field("Valid")]) if {
	input.kind == "DatadogMetric"
	lib.cond_true(input, "Valid")
}

pod_not_ready := [c.type | some c in object.get(input.status, ["podStatus", "conditions"], []); c.status == "False"]

game_server := lib.failed(sprintf("pod is not ready: %s", [concat(", ", pod_not_ready)]), ["status.podStatus.conditions"]) if {
	count(pod_not_ready) > 0
} else := lib.progressing(sprintf("state %v, desired %v", [input.status.currentState, input.status.desiredState]), ["status.currentState", "status.desiredState"]) if {
	input.status.currentState != input.status.desiredState
} else := lib.converged(sprintf("state %v", [input.status.currentState]), ["status.currentState"])
