# METADATA
# title: kubernetes-nmstate policies
# description: >-
#   A NodeNetworkConfigurationPolicy reports Available (every matched node
#   configured), Degraded (a node failed to configure), Progressing and
#   Ignored. Ignored True (NoMatchingNode: its nodeSelector matches no node)
#   is a policy the operator leaves dormant, neither failed nor on its way:
#   suspended, as the operator's own Degraded=False and Progressing=False
#   say, until a node matches.
# custom:
#   id: health-nmstate
#   group: nmstate.io
#   kinds: [NodeNetworkConfigurationPolicy]
package rift.health.nmstate

import data.rift.health.lib

health := lib.progressing("being deleted", ["metadata.deletionTimestamp"]) if {
	input.metadata.deletionTimestamp
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.say(lib.condition(input, "Degraded")), [lib.cond_field("Degraded")]) if {
	lib.cond_true(input, "Degraded")
} else := lib.progressing(lib.say(lib.condition(input, "Progressing")), [lib.cond_field("Progressing")]) if {
	lib.cond_true(input, "Progressing")
} else := lib.converged(lib.say(lib.condition(input, "Available")), [lib.cond_field("Available")]) if {
	lib.cond_true(input, "Available")
} else := lib.suspended(sprintf("the operator ignores the policy: %s", [lib.say(lib.condition(input, "Ignored"))]), [lib.cond_field("Ignored")]) if {
	lib.cond_true(input, "Ignored")
} else := lib.progressing("no node reports the policy applied yet", ["status.conditions"])
