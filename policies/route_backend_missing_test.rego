package rift.rules.route_backend_missing_test

import data.rift.rules.route_backend_missing

ing := {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "namespace": "shop", "name": "shop"}

route(reason, svc, port) := {"object": ing, "path": "spec.rules[0].http.paths[0].backend", "hosts": ["shop.example.com"], "port": port, "service": {"namespace": "shop", "name": svc}, "reason": reason}

inp(d, format) := {
	"bundle": {"format": format, "notCollectedResources": {}},
	"objects": {"Service": {"shop": {"web": {"spec": {"ports": [{"name": "http", "port": 80}]}}}}},
	"dangling_routes": [d],
}

test_missing_service_is_supported if {
	some h in route_backend_missing.hypothesis with input as inp(route("no-service", "web-v2", "80"), "rift.dev/v1alpha1")
	h.subject == ing
	h.status == "supported"
	contains(h.summary, "sends shop.example.com to Service shop/web-v2, which does not exist")
	contains(h.repair.action, "Services in shop: web")
	h.nextCheck == "kubectl get services -n shop"
}

test_missing_port_names_the_declared_ones if {
	some h in route_backend_missing.hypothesis with input as inp(route("no-port", "web", "8080"), "rift.dev/v1alpha1")
	contains(h.summary, "to port 8080 of Service shop/web, which declares no such port (80 (http))")
	h.status == "supported"
}

# An imported bundle without Services in the namespace cannot prove one
# missing.
test_imported_without_services_is_open if {
	inp2 := json.patch(inp(route("no-service", "api", "80"), "troubleshoot"), [{"op": "replace", "path": "/dangling_routes/0/service/namespace", "value": "other"}])
	some h in route_backend_missing.hypothesis with input as inp2
	h.status == "open"
}

test_services_not_collected_is_open if {
	inp2 := json.patch(inp(route("no-service", "web-v2", "80"), "rift.dev/v1alpha1"), [{"op": "replace", "path": "/bundle/notCollectedResources", "value": {"services": true}}])
	some h in route_backend_missing.hypothesis with input as inp2
	h.status == "open"
}

test_no_dangling_route_is_silent if {
	count(route_backend_missing.hypothesis) == 0 with input as json.patch(inp(route("no-service", "x", ""), "rift.dev/v1alpha1"), [{"op": "replace", "path": "/dangling_routes", "value": []}])
}
