package rift.health.gateway_api_test

import data.rift.health.gateway_api

cond(t, s) := {"type": t, "status": s, "observedGeneration": 1}

test_route_refs_unresolved if {
	r := {"metadata": {"generation": 1}, "status": {"parents": [{"parentRef": {"name": "gw"}, "conditions": [cond("Accepted", "True"), cond("ResolvedRefs", "False")]}]}}
	gateway_api.health.status == "failed" with input as r
}

test_gateway_programmed if {
	g := {"metadata": {"generation": 1}, "status": {"conditions": [cond("Accepted", "True"), cond("Programmed", "True")]}}
	gateway_api.health.status == "converged" with input as g
}

test_no_status if {
	gateway_api.health.status == "progressing" with input as {"metadata": {"generation": 1}}
}

test_ancestor_without_accepted if {
	acc := {"type": "Accepted", "status": "True", "reason": "Accepted"}
	h := gateway_api.health with input as {"metadata": {"generation": 1}, "status": {"ancestors": [
		{"ancestorRef": {"name": "gw-1"}, "conditions": [acc]},
		{"ancestorRef": {"name": "gw-2"}, "conditions": [{"type": "Bar", "status": "True", "reason": "Foo"}]},
	]}}
	h.status == "failed"
	contains(h.reason, "gw-2: not accepted")
}
