# METADATA
# title: PodDisruptionBudget
# description: >-
#   Converged when the disruption controller has synced it (disruptions
#   allowed, or not allowed because too few pods are healthy right now);
#   SyncFailed failed; no status yet progressing.
# custom:
#   id: health-pdb
#   group: policy
#   kinds: [PodDisruptionBudget]
package rift.health.pdb

import data.rift.health.lib

c := lib.condition(input, "DisruptionAllowed")

health := lib.waiting if {
	lib.no_status(input)
} else := lib.failed("the disruption controller failed to sync it (SyncFailed)", [lib.cond_field("DisruptionAllowed")]) if {
	some x in object.get(input.status, "conditions", [])
	x.reason == "SyncFailed"
} else := lib.converged(lib.say(c), [lib.cond_field("DisruptionAllowed")]) if {
	c
} else := lib.progressing("not synced by the disruption controller yet", [lib.cond_field("DisruptionAllowed")])
