# METADATA
# title: Gardener shoot clusters
# description: >-
#   Gardener's controller manager sums a Shoot's health up in the
#   shoot.gardener.cloud/status label (healthy, progressing, unhealthy or
#   unknown) from its conditions, last operation and last errors; the rule
#   reads that label first. Without it, a hibernated Shoot is suspended, a
#   last operation that Failed failed, one Processing, Pending or in
#   Error (Gardener retries those) progressing, and after a Succeeded one
#   the conditions decide: one False failed, one Progressing or Unknown
#   progressing, all True converged.
# custom:
#   id: health-gardener
#   group: core.gardener.cloud
#   kinds: [Shoot]
package rift.health.gardener

import data.rift.health.lib

label := object.get(input, ["metadata", "labels", "shoot.gardener.cloud/status"], "")

op := object.get(input, ["status", "lastOperation"], {})

conds := object.get(input, ["status", "conditions"], [])

bad_conds := [lib.say(c) | some c in conds; c.status == "False"]

busy_conds := [lib.say(c) | some c in conds; c.status in {"Progressing", "Unknown"}]

op_say := trim_space(sprintf("last operation %v %v: %v", [object.get(op, "type", ""), object.get(op, "state", ""), object.get(op, "description", "")]))

label_field := ["metadata.labels[shoot.gardener.cloud/status]"]

# why is what the conditions say beside the label, when they say anything.
why(xs) := sprintf(": %s", [concat("; ", xs)]) if count(xs) > 0

else := ""

health := lib.progressing("being deleted", ["metadata.deletionTimestamp"]) if {
	input.metadata.deletionTimestamp
} else := lib.converged("Gardener labels the Shoot healthy", label_field) if {
	label == "healthy"
} else := lib.progressing(sprintf("Gardener labels the Shoot progressing%s", [why(busy_conds)]), label_field) if {
	label == "progressing"
} else := lib.failed(sprintf("Gardener labels the Shoot unhealthy%s", [why(bad_conds)]), array.concat(label_field, ["status.conditions"])) if {
	label == "unhealthy"
} else := lib.unknown("Gardener labels the Shoot's health unknown", label_field) if {
	label == "unknown"
} else := lib.suspended("hibernated (spec.hibernation.enabled)", ["spec.hibernation.enabled", "status.isHibernated"]) if {
	input.spec.hibernation.enabled == true
	input.status.isHibernated == true
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(op_say, ["status.lastOperation"]) if {
	op.state in {"Failed", "Aborted"}
} else := lib.progressing(op_say, ["status.lastOperation"]) if {
	op.state in {"Processing", "Pending", "Error"}
} else := lib.failed(concat("; ", bad_conds), ["status.conditions"]) if {
	count(bad_conds) > 0
} else := lib.progressing(concat("; ", busy_conds), ["status.conditions"]) if {
	count(busy_conds) > 0
} else := lib.converged(op_say, ["status.lastOperation", "status.conditions"]) if {
	op.state == "Succeeded"
	count(conds) > 0
} else := lib.unknown("no status label, and no condition reports on the Shoot yet", ["status.conditions"])
