package rift.rules.webhook_unavailable_test

import data.rift.lib
import data.rift.rules.apply_rejected
import data.rift.rules.webhook_unavailable

rs_ref := {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-7d9f"}

ev(msg) := {
	"reason": "FailedCreate", "message": msg, "firstTime": "2026-01-01T00:00:00Z", "count": 6,
	"object": object.union(rs_ref, {"uid": "u1", "fieldPath": ""}),
}

no_endpoints := `Error creating: Internal error occurred: failed calling webhook "validate-pods.policy.acme.io": failed to call webhook: Post "https://policy-agent.policy-system.svc:443/validate/pods?timeout=10s": no endpoints available for service "policy-agent"`

svc := {"apiVersion": "v1", "kind": "Service", "namespace": "policy-system", "name": "policy-agent"}

rs := {
	"apiVersion": "apps/v1", "kind": "ReplicaSet",
	"metadata": {"name": "web-7d9f", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "controller": true}]},
}

config := {
	"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingWebhookConfiguration",
	"metadata": {"name": "policy-agent"},
	"webhooks": [{"name": "validate-pods.policy.acme.io", "failurePolicy": "Fail", "clientConfig": {"service": {"namespace": "policy-system", "name": "policy-agent", "port": 443}}}],
}

one(doc) := h if {
	[h] := [h | some h in webhook_unavailable.hypothesis] with input as doc
}

test_service_from_the_url if {
	h := one({"events_by_reason": {"FailedCreate": [ev(no_endpoints)]}, "objects": {"ReplicaSet": {"shop": {"web-7d9f": rs}}}})
	h.subject == svc
	h.repair.owner == "external-dependency"
	contains(h.repair.action, "bring them back")
	h.nextCheck == "kubectl get endpoints policy-agent -n policy-system"
	h.supporting[0].event == "FailedCreate"
	h.supporting[0].time == "2026-01-01T00:00:00Z"
	deployment := {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"}
	lib.explain("not-converged", deployment) in h.explains
	lib.explain("rollout-blocked", deployment) in h.explains
	lib.explain("pod-create-denied", rs_ref) in h.explains
}

# Old API servers: "failed calling admission webhook" and an unquoted URL.
test_old_wording if {
	h := one({"events_by_reason": {"FailedCreate": [ev(`Error creating: Internal error occurred: failed calling admission webhook "v.gatekeeper.sh": Post https://gatekeeper-webhook-service.gatekeeper-system.svc:443/v1/admit?timeout=3s: dial tcp 10.96.4.2:443: connect: connection refused`)]}})
	h.subject == {"apiVersion": "v1", "kind": "Service", "namespace": "gatekeeper-system", "name": "gatekeeper-webhook-service"}
	contains(h.summary, "connection refused")
}

test_certificate_and_timeout_remedies if {
	tls := one({"events_by_reason": {"FailedCreate": [ev(`Internal error occurred: failed calling webhook "webhook.cert-manager.io": failed to call webhook: Post "https://cert-manager-webhook.cert-manager.svc:443/validate?timeout=30s": tls: failed to verify certificate: x509: certificate signed by unknown authority`)]}})
	contains(tls.repair.action, "caBundle")
	slow := one({"events_by_reason": {"FailedCreate": [ev(`Internal error occurred: failed calling webhook "v.kyverno.io": failed to call webhook: Post "https://kyverno-svc.kyverno.svc:443/validate/fail?timeout=10s": context deadline exceeded`)]}})
	contains(slow.repair.action, "network path")
}

# Without a URL the collected configuration names the Service.
test_service_from_the_configuration if {
	h := one({
		"events_by_reason": {"FailedCreate": [ev(`Internal error occurred: failed calling webhook "validate-pods.policy.acme.io": the server is currently unable to handle the request`)]},
		"objects": {"ValidatingWebhookConfiguration": {"": {"policy-agent": config}}},
	})
	h.subject == svc
	some e in h.supporting
	e.path == "webhooks[name=validate-pods.policy.acme.io]"
	startswith(e.message, "failurePolicy Fail")
}

# A webhook served by URL outside the cluster is a Host.
test_url_webhook_is_a_host if {
	h := one({"events_by_reason": {"FailedCreate": [ev(`Internal error occurred: failed calling webhook "scan.example.com": failed to call webhook: Post "https://admission.scanner.example.com/v1/scan?timeout=5s": dial tcp 203.0.113.7:443: i/o timeout`)]}})
	h.subject == {"apiVersion": "", "kind": "Host", "namespace": "", "name": "admission.scanner.example.com"}
}

# A webhook that answered and refused judged the object: a policy matter.
test_denial_is_not_unavailability if {
	count(webhook_unavailable.hypothesis) == 0 with input as {"events_by_reason": {"FailedCreate": [ev(`Error creating: admission webhook "validate-pods.policy.acme.io" denied the request: image registry not allowed`)]}}
}

# The backend's present state, when the bundle holds the Service.
test_backend_state if {
	pod := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "policy-agent-1", "namespace": "policy-system"}, "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "False"}]}}
	h := one({
		"events_by_reason": {"FailedCreate": [ev(no_endpoints)]},
		"objects": {"Service": {"policy-system": {"policy-agent": {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "policy-agent", "namespace": "policy-system"}, "spec": {"selector": {"app": "policy-agent"}}}}}, "Pod": {"policy-system": {"policy-agent-1": pod}}},
		"service_pods": {"policy-system/policy-agent": ["policy-agent-1"]},
	})
	some e in h.supporting
	e.message == "it selects 1 pod, 0 Ready"
}

# Flux's dry-run of the objects met the webhook: one hypothesis, and no
# apply-rejected (nothing in Git was refused).
test_flux_apply if {
	ks := {
		"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
		"metadata": {"name": "apps", "namespace": "flux-system"},
		"status": {"conditions": [{
			"type": "Ready", "status": "False", "reason": "ReconciliationFailed", "lastTransitionTime": "2026-01-01T00:01:00Z",
			"message": `Deployment/shop/web dry-run failed (InternalError): Internal error occurred: failed calling webhook "mdeployment.kb.io": failed to call webhook: Post "https://policy-agent.policy-system.svc:443/mutate?timeout=10s": no endpoints available for service "policy-agent"`,
		}]},
	}
	doc := {"objects": {"Kustomization": {"flux-system": {"apps": ks}}}}
	h := one(doc)
	h.subject == svc
	lib.explain("apply-rejected", lib.ref(ks)) in h.explains
	count(apply_rejected.hypothesis) == 0 with input as doc
}

# Several writers held by one webhook are one hypothesis citing each.
test_writers_grouped if {
	other := object.union(ev(no_endpoints), {"object": {"apiVersion": "apps/v1", "kind": "StatefulSet", "namespace": "shop", "name": "db", "uid": "u2"}})
	h := one({"events_by_reason": {"FailedCreate": [ev(no_endpoints), other]}})
	contains(h.summary, "ReplicaSet/shop/web-7d9f, StatefulSet/shop/db")
	count(h.supporting) == 2
}

# A failing pod behind the Service explains it (lib.service_explains).
test_failing_backend_explains_it if {
	pod := {"metadata": {"name": "policy-agent-1", "namespace": "policy-system"}}
	lib.explain("webhook-unavailable", svc) in lib.service_explains(pod) with input as {"pod_services": {"policy-system/policy-agent-1": ["policy-agent"]}}
}
