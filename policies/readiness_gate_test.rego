package rift.rules.readiness_gate_test

import data.rift.lib
import data.rift.rules.readiness_gate

gate := "target-health.elbv2.k8s.aws/k8s-shop-web-1a2b"

pod(name, rs, conds) := {
	"apiVersion": "v1", "kind": "Pod",
	"metadata": {"name": name, "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": rs, "controller": true}]},
	"spec": {"readinessGates": [{"conditionType": gate}], "containers": [{"name": "web", "readinessProbe": {"httpGet": {"path": "/health/ready"}}}]},
	"status": {"phase": "Running", "conditions": conds},
}

held_conds(g) := array.concat(
	[
		{"type": "ContainersReady", "status": "True"},
		{"type": "Ready", "status": "False", "reason": "ReadinessGatesNotReady", "message": "gate not True"},
	],
	g,
)

failed := [{"type": gate, "status": "False", "reason": "Target.ResponseCodeMismatch", "message": "Health checks failed with these codes: [404]"}]

passing := pod("web-old-a", "web-old", [{"type": "Ready", "status": "True"}, {"type": "ContainersReady", "status": "True"}, {"type": gate, "status": "True"}])

rs := {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "web-new", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "controller": true}]}}

ingress := {
	"apiVersion": "networking.k8s.io/v1", "kind": "Ingress",
	"metadata": {"name": "web", "namespace": "shop", "annotations": {"alb.ingress.kubernetes.io/healthcheck-path": "/healthz"}},
	"spec": {"rules": [{"http": {"paths": [{"backend": {"service": {"name": "web"}}}]}}]},
}

doc(pods) := {
	"objects": {"Pod": {"shop": {p.metadata.name: p | some p in pods}}, "ReplicaSet": {"shop": {"web-new": rs}}, "Ingress": {"shop": {"web": ingress}}},
	"pod_services": {concat("/", ["shop", p.metadata.name]): ["web"] | some p in pods},
}

hyps(d) := hs if {
	hs := [h | some h in readiness_gate.hypothesis] with input as d
}

# Another pod passes the same gate: the load balancer reaches pods, and
# what the new ones answer differs: the check and the template disagree in
# Git.
test_failed_beside_passing_is_the_template if {
	[h] := hyps(doc([pod("web-new-a", "web-new", held_conds(failed)), passing]))
	h.subject == {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-new"}
	h.repair.owner == "repository"
	contains(h.summary, "is False (Target.ResponseCodeMismatch: Health checks failed with these codes: [404]); 1 other pod behind the same gate pass it")
	some e in h.supporting
	e.message == "alb.ingress.kubernetes.io/healthcheck-path: /healthz (the pod's own readiness probe checks /health/ready)"
	lib.explain("not-converged", {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"}) in h.explains
	lib.explain("no-endpoints", {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "web"}) in h.explains
}

# No pod passes, or the controller never wrote the condition: the
# controller or the path to the pods.
test_nobody_passes_is_the_controller if {
	[h] := hyps(doc([pod("web-new-a", "web-new", held_conds(failed))]))
	h.repair.owner == "external-dependency"
	contains(h.repair.action, "the AWS Load Balancer Controller")
	[m] := hyps(doc([pod("web-new-a", "web-new", held_conds([])), passing]))
	m.repair.owner == "external-dependency"
	contains(m.summary, "is not written by its controller")
}

test_gke_gate_owner if {
	neg := "cloud.google.com/load-balancer-neg-ready"
	p := json.patch(pod("web-new-a", "web-new", held_conds([])), [{"op": "replace", "path": "/spec/readinessGates", "value": [{"conditionType": neg}]}])
	[h] := hyps(doc([p]))
	contains(h.repair.action, "GKE's NEG controller")
}

# A Ready pod, or one whose containers are not ready (probe-failing's), is
# not held by its gate.
test_not_gate_held if {
	count(hyps(doc([passing]))) == 0
	unready := pod("web-new-a", "web-new", [{"type": "ContainersReady", "status": "False"}, {"type": "Ready", "status": "False"}])
	count(hyps(doc([unready]))) == 0
}
