# METADATA
# title: Gloo resources
# description: >-
#   Gloo reports a state per reporting namespace and per sub-resource
#   (Pending 0, Accepted 1, Rejected 2, Warning 3, as words or numbers).
#   Rejected or Warning anywhere failed; all Accepted converged; Pending
#   (not validated yet) is progressing.
# custom:
#   id: health-gloo
#   group: [gateway.solo.io, gloo.solo.io]
#   kinds: [Gateway, MatchableHttpGateway, RouteTable, VirtualHostOption, VirtualService, Proxy, Settings, Upstream, RouteOption, VirtualHostOption, HttpListenerOption, ListenerOption]
package rift.health.gloo

import data.rift.health.lib

names := {0: "Pending", 1: "Accepted", 2: "Rejected", 3: "Warning"}

name(s) := names[s] if is_number(s)

else := s

# reports are the top-level and per-namespace statuses, each with its
# sub-resources.
reports contains r if {
	some r in object.get(input.status, "statuses", {})
}

reports contains input.status if input.status.state

states contains [name(r.state), object.get(r, "reason", "")] if some r in reports

states contains [name(s.state), object.get(s, "reason", "")] if {
	some r in reports
	some s in object.get(r, "subresourceStatuses", {})
}

bad := [[state, reason] | some [state, reason] in states; state in {"Rejected", "Warning"}]

health := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.text([bad[0][1], sprintf("state %s", [bad[0][0]])]), ["status.statuses", "status.state"]) if {
	count(bad) > 0
} else := lib.progressing("not validated yet (state Pending)", ["status.statuses", "status.state"]) if {
	some [state, _] in states
	state == "Pending"
} else := lib.converged("validated (state Accepted)", ["status.statuses", "status.state"]) if {
	count(states) > 0
}
