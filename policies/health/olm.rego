# METADATA
# title: Operator Lifecycle Manager subscriptions
# description: >-
#   A Subscription failed when its catalog sources are unhealthy, its
#   InstallPlan failed or resolution failed; converged at the latest known
#   CSV; blocked when an upgrade waits for a manual InstallPlan approval
#   (it will not move until someone approves); progressing otherwise.
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
} else := lib.progressing(lib.say(lib.condition(input, busy[0])), [lib.cond_field(busy[0])]) if {
	count(busy) > 0
} else := lib.blocked("an upgrade waits for a manual InstallPlan approval", ["status.state", "spec.installPlanApproval"]) if {
	input.status.state == "UpgradePending"
} else := lib.progressing(sprintf("state %v", [object.get(input.status, "state", "not known yet")]), ["status.state"])

busy := [t | some t in ["BundleUnpacking", "InstallPlanPending"]; lib.cond_true(input, t)]
