# METADATA
# title: Gateway API and policies attached to it
# description: >-
#   Gateways, routes and policies report conditions of their own, per
#   listener, per parent Gateway (routes) or per ancestor (policies).
#   Accepted or ResolvedRefs False anywhere (or Conflicted True) failed,
#   and so does a parent or ancestor entry whose conditions leave out
#   Accepted (the API requires it: a controller that accepted says so);
#   not Programmed yet, or conditions about an older generation, is
#   progressing; all accepted and resolved converged.
# custom:
#   id: health-gateway-api
#   kinds:
#   - gateway.networking.k8s.io/Gateway
#   - gateway.networking.k8s.io/GatewayClass
#   - gateway.networking.k8s.io/HTTPRoute
#   - gateway.networking.k8s.io/GRPCRoute
#   - gateway.networking.k8s.io/TCPRoute
#   - gateway.networking.k8s.io/TLSRoute
#   - gateway.networking.k8s.io/UDPRoute
#   - gateway.networking.k8s.io/BackendTLSPolicy
#   - microgateway.airlock.com/*
package rift.health.gateway_api

import data.rift.health.lib

# sets are the condition lists with where they were read.
sets contains ["status.conditions", "", c] if some c in object.get(input.status, "conditions", [])

sets contains ["status.listeners", l.name, c] if {
	some l in object.get(input.status, "listeners", [])
	some c in object.get(l, "conditions", [])
}

sets contains ["status.parents", object.get(p.parentRef, "name", ""), c] if {
	some p in object.get(input.status, "parents", [])
	some c in object.get(p, "conditions", [])
}

sets contains ["status.ancestors", object.get(p.ancestorRef, "name", ""), c] if {
	some p in object.get(input.status, "ancestors", [])
	some c in object.get(p, "conditions", [])
}

bad := sort(array.concat(
	[sprintf("%s%s: %s", [who(w), c.type, lib.text([object.get(c, "message", ""), object.get(c, "reason", "")])]) |
		some [_, w, c] in sets
		failing(c)
	],
	[sprintf("%snot accepted: it reports %s and no Accepted condition", [who(w), concat(", ", ts)]) | some [w, ts] in unaccepted],
))

# unaccepted are the parents and ancestors whose controller reported
# conditions about the object without saying it accepted it.
unaccepted contains [object.get(e, [ref, "name"], ""), sort([c.type | some c in e.conditions])] if {
	some [list, ref] in [["parents", "parentRef"], ["ancestors", "ancestorRef"]]
	some e in object.get(input.status, list, [])
	count(object.get(e, "conditions", [])) > 0
	every c in e.conditions { c.type != "Accepted" }
}

failing(c) if {
	c.type in {"Accepted", "ResolvedRefs"}
	c.status == "False"
	current(c)
}

# current holds for a condition about the object's latest generation; a
# parent a controller last reported on for an older generation is history.
current(c) if not c.observedGeneration

current(_) if not input.metadata.generation

current(c) if c.observedGeneration >= input.metadata.generation

failing(c) if {
	c.type == "Conflicted"
	c.status == "True"
}

who(w) := sprintf("%s: ", [w]) if w != ""

else := ""

pending := sort([sprintf("%s%s=%s", [who(w), c.type, c.status]) |
	some [_, w, c] in sets
	c.type in {"Programmed", "Accepted"}
	c.status != "True"
	current(c)
])

stale := [c | some [_, _, c] in sets; c.observedGeneration < input.metadata.generation]

health := lib.converged("attached to its ancestors, which report nothing against it", ["status.ancestors"]) if {
	count(sets) == 0
	count(object.get(input.status, "ancestors", [])) > 0
	every a in input.status.ancestors { not a.conditions }
} else := lib.waiting if {
	count(sets) == 0
} else := lib.failed(concat("; ", bad), ["status.conditions", "status.listeners", "status.parents", "status.ancestors"]) if {
	count(bad) > 0
} else := lib.progressing(concat("; ", pending), ["status.conditions", "status.parents", "status.ancestors"]) if {
	count(pending) > 0
} else := lib.progressing("the conditions describe an older generation", ["metadata.generation", "status.conditions[].observedGeneration"]) if {
	count(stale) == count(sets)
} else := lib.converged("accepted, references resolved and programmed", ["status.conditions", "status.listeners", "status.parents", "status.ancestors"])
