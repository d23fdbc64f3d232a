# METADATA
# title: 3scale API management
# description: >-
#   3scale objects report Failed, Invalid or Orphan conditions when they
#   cannot sync, Synced, Ready or Available when they did, and Waiting
#   while an administrator has not approved them yet (held on purpose:
#   suspended). Anything else is still syncing.
# custom:
#   id: health-3scale
#   group: [capabilities.3scale.net, apps.3scale.net]
#   kinds: [APIManager, ActiveDoc, Application, ApplicationAuth, Backend, DeveloperAccount, DeveloperUser, OpenAPI, Product, ProxyConfigPromote, Tenant, CustomPolicyDefinition, Limit]
package rift.health.threescale

import data.rift.health.lib

health := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.text([object.get(c, "message", ""), lib.say(c)]), [lib.cond_field(c.type)]) if {
	c := failing[0]
} else := lib.suspended(lib.text([lib.cond_message(input, "Waiting"), "waiting for admin approval"]), [lib.cond_field("Waiting")]) if {
	lib.cond_true(input, "Waiting")
} else := lib.suspended("suspended in 3scale", ["status.developerUserState", "status.state"]) if {
	"suspended" in {object.get(input.status, "developerUserState", ""), object.get(input.status, "state", "")}
} else := lib.converged(lib.say(c), [lib.cond_field(c.type)]) if {
	c := done[0]
} else := lib.progressing(lib.text([lib.cond_message(input, "In-progress"), "still syncing"]), ["status.conditions"])

failing := array.concat(
	[c | some c in object.get(input.status, "conditions", []); c.type in {"Failed", "Invalid", "Orphan"}; c.status == "True"],
	# A False outcome that says why is a failure; a bare False is not there yet.
	[c | some c in object.get(input.status, "conditions", []); c.type in {"Synced", "Ready", "Available"}; c.status == "False"; lib.text([object.get(c, "reason", ""), object.get(c, "message", "")]) != ""],
)

done := [c | some c in object.get(input.status, "conditions", []); c.type in {"Synced", "Ready", "Available"}; c.status == "True"]
