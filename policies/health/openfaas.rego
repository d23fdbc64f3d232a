# METADATA
# title: OpenFaaS functions
# description: >-
#   The OpenFaaS operator reports Stalled (it cannot reconcile the
#   Function: a secret is missing, the spec is invalid), Reconciling, Ready
#   (the Deployment and Service are reconciled) and Healthy (a replica can
#   take a request). A reconciled function with no replica is scaled to
#   zero, which OpenFaaS does on purpose to idle functions (it wakes them on
#   their next request): suspended, as OpenFaaS maps it itself.
# custom:
#   id: health-openfaas
#   group: openfaas.com
#   kinds: [Function]
package rift.health.openfaas

import data.rift.health.lib

replicas := object.get(input, ["status", "replicas"], 0)

health := lib.progressing("being deleted", ["metadata.deletionTimestamp"]) if {
	input.metadata.deletionTimestamp
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing(lib.lag_reason(input), lib.lag_fields) if {
	lib.observed_lag(input)
} else := lib.failed(lib.say(lib.condition(input, "Stalled")), [lib.cond_field("Stalled")]) if {
	lib.cond_true(input, "Stalled")
} else := lib.progressing(lib.say(lib.condition(input, "Reconciling")), [lib.cond_field("Reconciling")]) if {
	lib.cond_true(input, "Reconciling")
} else := lib.failed(lib.say(lib.condition(input, "Ready")), [lib.cond_field("Ready")]) if {
	lib.cond_false(input, "Ready")
} else := lib.converged(sprintf("reconciled, %v replicas", [replicas]), [lib.cond_field("Ready"), "status.replicas"]) if {
	lib.cond_true(input, "Ready")
	replicas > 0
} else := lib.suspended("scaled to zero: OpenFaaS starts a replica on the next request", [lib.cond_field("Ready"), "status.replicas"]) if {
	lib.cond_true(input, "Ready")
} else := lib.progressing("not reconciled yet", ["status.conditions"])
