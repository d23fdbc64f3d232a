# METADATA
# title: Load balancer change refused
# description: >-
#   The controller that provisions a load balancer for an Ingress (the AWS
#   Load Balancer Controller, GKE's ingress controller), or the cloud
#   provider's service controller for a Service of type LoadBalancer,
#   reports that its latest reconcile failed: a Warning event with no
#   success (a Normal event of the same controller) after it. The load balancer keeps its previous configuration,
#   or has none and the object no address, while the objects and their
#   pods are fine. A message about the object's own annotations or fields
#   is the manifest's (repository); one about the cloud account (subnets,
#   permissions, quotas) is outside it (external-dependency).
# custom:
#   id: load-balancer-failed
#   cause: load-balancer-failed
#   layer: external
#   stage: routed
#   weight: 60
package rift.rules.load_balancer_failed

import data.rift.lib

hypothesis contains h if {
	some [obj, fails] in refused
	last := fails[count(fails) - 1]
	r := lib.ref(obj)
	h := {
		"subject": r,
		"summary": sprintf("%s %s/%s: its load balancer's controller refuses the latest change (%s: %s); %s", [
			r.kind, r.namespace, r.name, last.reason, last.message, address(obj),
		]),
		"supporting": array.concat([lib.event(obj, e) | some e in fails], address_evidence(obj)),
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe %s %s -n %s", [lower(r.kind), r.name, r.namespace]),
		"repair": repair(r, last.message),
		"explains": set(),
	}
}

# refused are the Ingresses and LoadBalancer Services whose controller
# failed its latest reconcile: [object, its failure events, oldest first].
refused contains [obj, fails] if {
	some kind in {"Ingress", "Service"}
	some ns, name
	obj := input.objects[kind][ns][name]
	provisioned(kind, obj)
	evs := lib.events(obj)
	fails := [e | some e in evs; failure(kind, e)]
	count(fails) > 0
	latest := max([at(e) | some e in fails])
	not succeeded_since(kind, evs, fails, latest)
}

provisioned("Ingress", _)

provisioned("Service", svc) if svc.spec.type == "LoadBalancer"

# Any Warning on an Ingress but those of controllers that only read it:
# cert-manager's ingress-shim (BadConfig on a TLS entry) provisions no
# load balancer, and certificate-not-ready judges its certificates.
failure("Ingress", e) if {
	e.type == "Warning"
	not contains(object.get(e, "source", ""), "cert-manager")
}

failure("Service", e) if {
	e.type == "Warning"
	e.reason == "SyncLoadBalancerFailed"
}

# A later success says the failure stopped: the service controller's
# EnsuredLoadBalancer; for an Ingress, any Normal event of its controller
# (the AWS Load Balancer Controller's SuccessfullyReconciled, GKE's Sync).
# A failure that persists is recorded again, so its last time stays the
# newest.
success("Ingress", e, _) if e.reason == "SuccessfullyReconciled"

success("Ingress", e, fails) if {
	e.type == "Normal"
	e.source == fails[count(fails) - 1].source
}

success("Service", e, _) if e.reason == "EnsuredLoadBalancer"

succeeded_since(kind, evs, fails, t) if {
	some e in evs
	success(kind, e, fails)
	at(e) > t
}

at(e) := time.parse_rfc3339_ns(object.get(e, "time", lib.first_time(e)))

addresses(obj) := [a |
	some i in object.get(obj, ["status", "loadBalancer", "ingress"], [])
	a := object.get(i, "hostname", object.get(i, "ip", ""))
	a != ""
]

address(obj) := sprintf("the load balancer at %s keeps its previous configuration", [concat(", ", addresses(obj))]) if {
	count(addresses(obj)) > 0
} else := "it has no address"

address_evidence(obj) := [lib.field(obj, "status.loadBalancer.ingress", sprintf("address %s, from before the refused change", [concat(", ", addresses(obj))]))] if {
	count(addresses(obj)) > 0
} else := [lib.field(obj, "status.loadBalancer", "no address")]

# manifest: the controller names the object's own annotations or fields.
manifest(msg) if regex.match(`(?i)annotation|failed to parse|validationerror|invalidparameter|unknown (field|scheme)|ingress ?class|certificate[^:]*not found|must be`, msg)

repair(r, msg) := lib.repair(
	"repository",
	sprintf("fix %s in Git so its controller accepts it (%s); the load balancer keeps its previous configuration until then", [lib.key(r), msg]),
	["the rejected annotation or field is identified from the controller's message"],
	["the controller fails with a different message: the next problem in the same change"],
	"revert the commit: the load balancer still has the previous configuration",
	[lib.accept("external", sprintf("the controller reports %s reconciled and the load balancer serves the change", [lib.key(r)]))],
) if {
	manifest(msg)
} else := lib.repair(
	"external-dependency",
	sprintf("give the load balancer's controller what it lacks outside the manifest (%s): subnets and their discovery tags, its cloud permissions, account quotas", [msg]),
	["the controller's own logs and the cloud account's limits are checked"],
	["the message names the object's annotations or fields: the manifest is the problem"],
	"none: the manifest is not changed",
	[lib.accept("external", sprintf("the controller reports %s reconciled and it has an address", [lib.key(r)]))],
)
