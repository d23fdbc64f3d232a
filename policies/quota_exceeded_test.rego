package rift.rules.quota_exceeded_test

import data.rift.rules.quota_exceeded

ev(msg) := {
	"reason": "FailedCreate", "message": msg, "time": "2026-01-01T00:00:00Z", "count": 4,
	"object": {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-1", "uid": "u", "fieldPath": ""},
}

test_quota if {
	some h in quota_exceeded.hypothesis with input as {"events_by_reason": {"FailedCreate": [ev("pods \"web-1-x\" is forbidden: exceeded quota: compute, requested: cpu=2")]}}
	h.subject == {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-1"}
}

test_other_failed_create_negative if {
	count(quota_exceeded.hypothesis) == 0 with input as {"events_by_reason": {"FailedCreate": [ev("admission webhook denied the request")]}}
}

# Whether the controller caught up since is the engine's judgement
# (history is resolved once, for every rule): the rule cites the event with
# its time and leaves the present to it.
test_caught_up_owner_left_to_the_engine if {
	rs := {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "web-1", "namespace": "shop"}, "spec": {"replicas": 2}, "status": {"replicas": 2}}
	some h in quota_exceeded.hypothesis with input as {"events_by_reason": {"FailedCreate": [ev("exceeded quota: compute")]}, "objects": {"ReplicaSet": {"shop": {"web-1": rs}}}}
	h.contradicting == []
	h.supporting[0].event == "FailedCreate"
}
