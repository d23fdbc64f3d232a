# METADATA
# title: OpenShift DeploymentConfig, Route and IngressController
# description: >-
#   A DeploymentConfig converged when its latest replication controller is
#   available; without minimum availability, or with its rollout failed,
#   failed; otherwise progressing. A Route converged when every router
#   admitted it. An IngressController converged when available with all its
#   replicas.
# custom:
#   id: health-openshift
#   kinds:
#   - apps.openshift.io/DeploymentConfig
#   - route.openshift.io/Route
#   - operator.openshift.io/IngressController
package rift.health.openshift

import data.rift.health.lib

health := lib.waiting if {
	lib.no_status(input)
} else := dc if {
	input.kind == "DeploymentConfig"
} else := route if {
	input.kind == "Route"
} else := ingress if {
	input.kind == "IngressController"
}

progress := lib.condition(input, "Progressing")

dc := lib.converged(lib.text([object.get(progress, "message", ""), "rolled out"]), [lib.cond_field("Progressing")]) if {
	progress.reason == "NewReplicationControllerAvailable"
} else := lib.failed(lib.say(progress), [lib.cond_field("Progressing")]) if {
	progress.status == "False"
} else := lib.failed(lib.say(lib.condition(input, "Available")), [lib.cond_field("Available")]) if {
	lib.cond_false(input, "Available")
} else := lib.progressing(lib.text([object.get(progress, "message", ""), "rolling out"]), [lib.cond_field("Progressing")])

admissions := [c | some i in object.get(input.status, "ingress", []); some c in object.get(i, "conditions", []); c.type == "Admitted"]

route := lib.failed(lib.text([object.get(bad[0], "message", ""), object.get(bad[0], "reason", ""), "not admitted"]), ["status.ingress[].conditions[type=Admitted]"]) if {
	bad := [c | some c in admissions; c.status == "False"]
	count(bad) > 0
} else := lib.converged("admitted by every router", ["status.ingress[].conditions[type=Admitted]"]) if {
	count(admissions) > 0
	every c in admissions { c.status == "True" }
} else := lib.progressing("not admitted yet", ["status.ingress"])

ingress := lib.failed(lib.say(lib.condition(input, "Degraded")), [lib.cond_field("Degraded")]) if {
	lib.cond_true(input, "Degraded")
} else := lib.progressing(sprintf("%v of %v replicas available", [object.get(input.status, "availableReplicas", 0), object.get(input.spec, "replicas", 1)]), ["status.availableReplicas", "spec.replicas"]) if {
	object.get(input.status, "availableReplicas", 0) < object.get(input.spec, "replicas", 1)
} else := lib.converged("available", [lib.cond_field("Available")]) if {
	lib.cond_true(input, "Available")
} else := lib.progressing("not available yet", [lib.cond_field("Available")])
