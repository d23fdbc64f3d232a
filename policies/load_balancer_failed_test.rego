package rift.rules.load_balancer_failed_test

import data.rift.fixtures
import data.rift.rules.load_balancer_failed

ing(status) := {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "metadata": {"name": "web", "namespace": "shop"}, "status": status}

svc(type) := {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "edge", "namespace": "shop"}, "spec": {"type": type}, "status": {}}

ev(kind, name, type, reason, msg, at) := {
	"reason": reason, "type": type, "message": msg, "count": 3, "firstTime": at, "time": at, "source": "ingress",
	"object": {"apiVersion": "v1", "kind": kind, "namespace": "shop", "name": name, "uid": ""},
}

parse_error := `Failed build model due to ingress: shop/web: failed to parse json annotation, alb.ingress.kubernetes.io/listen-ports: [{"HTTP": 80}: unexpected end of JSON input`

address := {"loadBalancer": {"ingress": [{"hostname": "k8s-shop-web.elb.amazonaws.com"}]}}

doc(objs, evs) := fixtures.indexed({
	"objects": objs,
	"events_by_object": {concat("/", [e.object.kind, "shop", e.object.name]): [x | some x in evs; x.object.name == e.object.name] | some e in evs},
})

hyps(d) := hs if {
	hs := [h | some h in load_balancer_failed.hypothesis] with input as d
}

# The controller refused the Ingress's own annotation after its last
# success: the manifest is wrong, and the old load balancer still serves.
test_annotation_refused_is_the_manifest if {
	[h] := hyps(doc({"Ingress": {"shop": {"web": ing(address)}}}, [
		ev("Ingress", "web", "Normal", "SuccessfullyReconciled", "Successfully reconciled", "2026-01-01T00:00:00Z"),
		ev("Ingress", "web", "Warning", "FailedBuildModel", parse_error, "2026-01-01T00:05:00Z"),
	]))
	h.subject.kind == "Ingress"
	h.repair.owner == "repository"
	contains(h.summary, "keeps its previous configuration")
}

# A success after the failure: the refusal is history.
test_success_since_is_history if {
	count(hyps(doc({"Ingress": {"shop": {"web": ing(address)}}}, [
		ev("Ingress", "web", "Warning", "FailedBuildModel", parse_error, "2026-01-01T00:05:00Z"),
		ev("Ingress", "web", "Normal", "SuccessfullyReconciled", "Successfully reconciled", "2026-01-01T00:06:00Z"),
	]))) == 0
}

# The cloud account, not the manifest: subnets, quotas, permissions.
test_cloud_account_is_external if {
	[h] := hyps(doc({"Service": {"shop": {"edge": svc("LoadBalancer")}}}, [ev(
		"Service", "edge", "Warning", "SyncLoadBalancerFailed",
		"Error syncing load balancer: failed to ensure load balancer: could not find any suitable subnets for creating the ELB",
		"2026-01-01T00:05:00Z",
	)]))
	h.repair.owner == "external-dependency"
	contains(h.summary, "it has no address")
}

# Only a LoadBalancer Service has a load balancer to refuse, and only the
# service controller's failure counts.
test_not_a_load_balancer if {
	count(hyps(doc({"Service": {"shop": {"edge": svc("ClusterIP")}}}, [ev("Service", "edge", "Warning", "SyncLoadBalancerFailed", "x", "2026-01-01T00:05:00Z")]))) == 0
	count(hyps(doc({"Service": {"shop": {"edge": svc("LoadBalancer")}}}, [ev("Service", "edge", "Warning", "FailedToUpdateEndpointSlices", "x", "2026-01-01T00:05:00Z")]))) == 0
}

# GKE's controller has no success reason of its own: a later Normal event
# of the same controller says the failure stopped; one that persists is
# recorded again after it.
test_later_normal_of_the_same_controller if {
	fail := ev("Ingress", "web", "Warning", "Sync", "Error syncing to GCP: googleapi: Error 403: QUOTA_EXCEEDED", "2026-01-01T00:05:00Z")
	sync := ev("Ingress", "web", "Normal", "Sync", "Scheduled for sync", "2026-01-01T00:06:00Z")
	count(hyps(doc({"Ingress": {"shop": {"web": ing(address)}}}, [fail, sync]))) == 0
	again := object.union(fail, {"time": "2026-01-01T00:07:00Z"})
	[h] := hyps(doc({"Ingress": {"shop": {"web": ing(address)}}}, [sync, again]))
	h.repair.owner == "external-dependency"
}

# cert-manager's ingress-shim reads Ingresses and provisions no load
# balancer: its Warning is not the load balancer's refusal.
test_cert_manager_warning_is_not_the_load_balancer if {
	bad := object.union(ev("Ingress", "web", "Warning", "BadConfig", "TLS entry 0 is invalid: secret name is empty", "2026-01-01T00:05:00Z"), {"source": "cert-manager-ingress-shim"})
	count(hyps(doc({"Ingress": {"shop": {"web": ing(address)}}}, [bad]))) == 0
}
