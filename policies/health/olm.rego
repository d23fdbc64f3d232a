# METADATA
# title: Operator Lifecycle Manager subscriptions
# description: >-
#   A Subscription failed when its catalog sources are unhealthy, its
#   InstallPlan failed or resolution failed; converged at the latest known
#   CSV. With spec.installPlanApproval Manual, an InstallPlan waiting for
#   approval is what the spec asks for: converged while an installed CSV
#   runs (the upgrade waits for someone to approve it), blocked when
#   nothing is installed yet (once its bundle is unpacked). Progressing otherwise.
# custom:
#   id: health-olm
#   group: operators.coreos.com
#   kinds: [Subscription]
package rift.health.olm

import data.rift.health.lib

bad := [lib.say(c) | some c in object.get(input.status, "conditions", []); c.type in {"CatalogSourcesUnhealthy", "InstallPlanFailed", "ResolutionFailed"}; c.status == "True"]

health := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(concat("; ", bad), ["status.conditions"]) if {
	count(bad) > 0
} else := lib.converged("at the latest known CSV", ["status.state"]) if {
	input.status.state == "AtLatestKnown"
} else := lib.converged(sprintf("%v runs; the upgrade to %v waits for a manual InstallPlan approval, as spec.installPlanApproval asks", [input.status.installedCSV, object.get(input.status, "currentCSV", "a newer CSV")]), approval_fields) if {
	awaits_approval
	object.get(input.status, "installedCSV", "") != ""
} else := lib.progressing(lib.say(lib.condition(input, "BundleUnpacking")), [lib.cond_field("BundleUnpacking")]) if {
	lib.cond_true(input, "BundleUnpacking")
} else := lib.blocked("nothing is installed until someone approves the InstallPlan (spec.installPlanApproval Manual)", approval_fields) if {
	awaits_approval
} else := lib.progressing(lib.say(lib.condition(input, busy[0])), [lib.cond_field(busy[0])]) if {
	count(busy) > 0
} else := lib.progressing(sprintf("state %v", [object.get(input.status, "state", "not known yet")]), ["status.state"])

busy := [t | some t in ["BundleUnpacking", "InstallPlanPending"]; lib.cond_true(input, t)]

approval_fields := ["spec.installPlanApproval", "status.conditions[type=InstallPlanPending]", "status.installedCSV"]

# awaits_approval holds when the only thing between the Subscription and
# its CSV is the manual approval its spec asks for.
awaits_approval if {
	input.spec.installPlanApproval == "Manual"
	lib.condition(input, "InstallPlanPending").reason == "RequiresApproval"
	lib.cond_true(input, "InstallPlanPending")
}
