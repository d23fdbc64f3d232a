# METADATA
# title: Route to a missing backend
# description: >-
#   An Ingress rule or default backend, or an HTTPRoute/GRPCRoute
#   backendRef, sends traffic to a Service the bundle does not hold, or to
#   a port its Service does not declare (input.dangling_routes): every
#   request for those hosts gets an error from the ingress controller or
#   the gateway, however healthy the pods are. The subject is the route.
#   A missing Service is open when the bundle cannot prove its absence
#   (Services were not collected, or an imported bundle holds none in that
#   namespace).
# custom:
#   id: route-backend-missing
#   cause: route-backend-missing
#   layer: external
#   stage: routed
#   weight: 50
package rift.rules.route_backend_missing

import data.rift.lib

hypothesis contains h if {
	some d in input.dangling_routes
	h := {
		"subject": d.object,
		"status": status(d),
		"summary": summary(d),
		"supporting": [{"object": d.object, "path": d.path, "message": sprintf("names Service %s/%s%s", [d.service.namespace, d.service.name, port_text(d.port)])}],
		"contradicting": [],
		"nextCheck": check(d),
		"repair": lib.repair(
			"repository",
			sprintf("point %s %s/%s at a Service and port that exist (%s), or add the Service it names, in Git", [lower(d.object.kind), d.object.namespace, d.object.name, existing(d)]),
			["the route's hosts are the ones users reach (the route is not a leftover)"],
			["the backend exists and requests still fail: look at the Service's endpoints (no-endpoints)"],
			"revert the route change",
			[lib.accept("external", sprintf("%s answers through %s %s", [hosts_text(d.hosts), lower(d.object.kind), d.object.name]))],
		),
		"explains": set(),
	}
}

summary(d) := sprintf("%s %s/%s sends %s to Service %s/%s, which does not exist: the controller has no backend for those requests", [d.object.kind, d.object.namespace, d.object.name, hosts_text(d.hosts), d.service.namespace, d.service.name]) if d.reason == "no-service"

else := sprintf("%s %s/%s sends %s to port %s of Service %s/%s, which declares no such port (%s): the controller has no backend for those requests", [d.object.kind, d.object.namespace, d.object.name, hosts_text(d.hosts), d.port, d.service.namespace, d.service.name, declared(d)])

# A missing Service proves nothing when Services were not collected, or
# when an imported bundle holds none in that namespace.
status(d) := "open" if {
	d.reason == "no-service"
	input.bundle.notCollectedResources.services
} else := "open" if {
	d.reason == "no-service"
	input.bundle.format != "rift.dev/v1alpha1"
	not input.objects.Service[d.service.namespace]
} else := "supported"

check(d) := sprintf("kubectl get services -n %s", [d.service.namespace]) if d.reason == "no-service"

else := sprintf("kubectl get service %s -n %s -o jsonpath={.spec.ports}", [d.service.name, d.service.namespace])

# existing names the Services of the namespace, or the declared ports.
existing(d) := sprintf("Services in %s: %s", [d.service.namespace, concat(", ", names)]) if {
	d.reason == "no-service"
	names := lib.names_in("Service", d.service.namespace)
	count(names) > 0
} else := sprintf("its ports: %s", [declared(d)]) if {
	d.reason == "no-port"
} else := "none is in the bundle"

declared(d) := concat(", ", [port_name(p) | some p in object.get(input.objects.Service[d.service.namespace][d.service.name], ["spec", "ports"], [])])

port_name(p) := sprintf("%d (%s)", [p.port, p.name]) if p.name

else := sprintf("%d", [p.port])

port_text("") := ""

port_text(p) := sprintf(" port %s", [p]) if p != ""

hosts_text(hs) := "every host" if hs == ["*"]

else := concat(", ", hs)
