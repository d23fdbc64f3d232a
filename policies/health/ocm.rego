# METADATA
# title: Open Cluster Management policies
# description: >-
#   Policies report compliance: Compliant converged, NonCompliant failed
#   (naming the clusters or templates that are not), nothing reported yet
#   progressing. A disabled policy, or one no cluster matches, has nothing
#   to do: converged.
# custom:
#   id: health-ocm
#   group: policy.open-cluster-management.io
#   kinds: [Policy, ConfigurationPolicy, CertificatePolicy, OperatorPolicy]
package rift.health.ocm

import data.rift.health.lib

health := lib.converged("the policy is disabled", ["spec.disabled"]) if {
	input.spec.disabled == true
} else := lib.waiting if {
	input.kind != "Policy"
	lib.no_status(input)
} else := lib.progressing("waiting for the status to be reported", ["status"]) if {
	input.kind == "Policy"
	not input.status.compliant
	count(object.get(input, ["status", "placement"], [])) == 0
} else := lib.converged("no cluster matches this policy", ["status.placement"]) if {
	input.kind == "Policy"
	not input.status.compliant
} else := lib.progressing("the policy's latest generation is not evaluated yet", ["status.lastEvaluatedGeneration", "metadata.generation"]) if {
	input.status.lastEvaluatedGeneration < input.metadata.generation
} else := lib.converged(details("Compliant"), ["status.compliant"]) if {
	input.status.compliant == "Compliant"
} else := lib.failed(details("NonCompliant"), ["status.compliant", "status.status", "status.details", "status.compliancyDetails"]) if {
	input.status.compliant == "NonCompliant"
} else := lib.progressing(sprintf("compliance %v", [object.get(input.status, "compliant", "not reported")]), ["status.compliant"])

details(c) := sprintf("%s clusters: %s", [c, concat(", ", [s.clustername | some s in input.status.status; s.compliant == c])]) if {
	count(object.get(input.status, "status", [])) > 0
} else := sprintf("%s templates: %s", [c, concat(", ", [d.templateMeta.name | some d in input.status.details; d.compliant == c])]) if {
	count(object.get(input.status, "details", [])) > 0
} else := concat("; ", [sprintf("%s - %s", [x.type, x.message]) | some d in object.get(input.status, "compliancyDetails", []); some x in object.get(d, "conditions", [])]) if {
	count(object.get(input.status, "compliancyDetails", [])) > 0
} else := c
