package rift.rules.pod_create_denied_test

import data.rift.rules.pod_create_denied

ev(msg) := {
	"reason": "FailedCreate", "message": msg, "time": "2026-01-01T00:00:00Z", "count": 4,
	"object": {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-1", "uid": "u", "fieldPath": ""},
}

test_webhook_denial if {
	some h in pod_create_denied.hypothesis with input as {"events_by_reason": {"FailedCreate": [ev("Error creating: admission webhook \"validate.kyverno.svc-fail\" denied the request")]}}
	h.subject.kind == "ReplicaSet"
}

test_pod_security if {
	count(pod_create_denied.hypothesis) == 1 with input as {"events_by_reason": {"FailedCreate": [ev("pods \"x\" is forbidden: violates PodSecurity \"restricted:latest\"")]}}
}

test_quota_is_not_denial if {
	count(pod_create_denied.hypothesis) == 0 with input as {"events_by_reason": {"FailedCreate": [ev("forbidden: exceeded quota: compute")]}}
}

# Whether the controller caught up since is the engine's judgement
# (history is resolved once, for every rule): the rule cites the event with
# its time and leaves the present to it.
test_caught_up_owner_left_to_the_engine if {
	rs := {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "web-1", "namespace": "shop"}, "spec": {"replicas": 2}, "status": {"replicas": 2}}
	some h in pod_create_denied.hypothesis with input as {"events_by_reason": {"FailedCreate": [ev("admission webhook denied the request")]}, "objects": {"ReplicaSet": {"shop": {"web-1": rs}}}}
	h.contradicting == []
	h.supporting[0].event == "FailedCreate"
}

# A webhook the API server could not call judged nothing: that is
# webhook-unavailable's, in both the current and the old wording.
test_uncalled_webhook_is_not_denial if {
	count(pod_create_denied.hypothesis) == 0 with input as {"events_by_reason": {"FailedCreate": [
		ev("Error creating: Internal error occurred: failed calling webhook \"v.kyverno.io\": failed to call webhook: Post \"https://kyverno-svc.kyverno.svc:443/validate?timeout=10s\": context deadline exceeded"),
		ev("Error creating: Internal error occurred: failed calling admission webhook \"v.kyverno.io\": Post https://kyverno-svc.kyverno.svc:443/validate: dial tcp 10.96.0.9:443: connect: connection refused"),
	]}}
}

# A ReplicaSet that cannot create pods explains the no-endpoints of the
# Services that select its Deployment's template and no pod.
test_denial_explains_podless_service if {
	owned := {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "web-1", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "controller": true}]}}
	tw := {"workload": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"}, "replicas": 2}
	some h in pod_create_denied.hypothesis with input as {
		"events_by_reason": {"FailedCreate": [ev("admission webhook \"v.kyverno.svc\" denied the request")]},
		"objects": {"ReplicaSet": {"shop": {"web-1": owned}}},
		"service_workloads": {"shop/web": [tw]},
	}
	h.explains == {{"cause": "no-endpoints", "subject": {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "web"}}}
}
