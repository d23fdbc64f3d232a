package rift.rules.namespace_terminating_test

import data.rift.lib
import data.rift.rules.apply_rejected
import data.rift.rules.namespace_terminating

refused := `Deployment/shop/web dry-run failed, reason: Forbidden, error: deployments.apps "web" is forbidden: unable to create new content in namespace shop because it is being terminated`

ks := {
	"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "metadata": {"name": "shop", "namespace": "flux-system"},
	"status": {"conditions": [{"type": "Ready", "status": "False", "reason": "ReconciliationFailed", "message": refused}]},
}

ns(conds) := {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "shop"}, "status": {"phase": "Terminating", "conditions": conds}}

finalizers := [{"type": "NamespaceFinalizersRemaining", "status": "True", "reason": "SomeFinalizersRemain", "message": "Some content in the namespace has finalizers remaining: sessions.acme.io/drain in 1 resource instances"}]

lock := {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "lock", "namespace": "shop", "finalizers": ["sessions.acme.io/drain"]}}

hyps(d) := hs if {
	hs := [h | some h in namespace_terminating.hypothesis] with input as d
}

# The deletion waits on a finalizer; the Flux apply into it is refused.
# The namespace is the subject, the repair is outside Git, and the
# refusal is not apply-rejected's.
test_stuck_on_finalizers if {
	d := {"objects": {"Namespace": {"": {"shop": ns(finalizers)}}, "Kustomization": {"flux-system": {"shop": ks}}, "ConfigMap": {"shop": {"lock": lock}}}}
	[h] := hyps(d)
	h.subject.kind == "Namespace"
	h.subject.name == "shop"
	h.repair.owner == "controller-action"
	contains(h.summary, "sessions.acme.io/drain")
	lib.explain("apply-rejected", lib.ref(ks)) in h.explains
	some e in h.supporting
	e.message == "ConfigMap/shop/lock keeps finalizer sessions.acme.io/drain"
	count(apply_rejected.hypothesis) == 0 with input as d
}

# A bundle without the Namespace object: the refusal names it.
test_refusal_alone if {
	[h] := hyps({"objects": {"Kustomization": {"flux-system": {"shop": ks}}}})
	h.subject.kind == "Namespace"
	h.subject.name == "shop"
}

# The namespace controller cannot list an API group.
test_discovery_failure if {
	conds := [{"type": "NamespaceDeletionDiscoveryFailure", "status": "True", "reason": "DiscoveryFailed", "message": "Discovery failed for some groups, 1 failing: unable to retrieve the complete list of server APIs: metrics.k8s.io/v1beta1: the server is currently unable to handle the request"}]
	[h] := hyps({"objects": {"Namespace": {"": {"shop": ns(conds)}}}})
	contains(h.repair.action, "APIService")
}

test_active_namespace_negative if {
	active := {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "shop"}, "status": {"phase": "Active"}}
	count(hyps({"objects": {"Namespace": {"": {"shop": active}}}})) == 0
}
