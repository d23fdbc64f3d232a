package rift.rules.unschedulable_test

import data.rift.fixtures
import data.rift.rules.unschedulable

pod(phase, scheduled) := {
	"apiVersion": "v1", "kind": "Pod",
	"metadata": {"name": "web-7f9c-x", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-7f9c", "controller": true}]},
	"status": {"phase": phase, "conditions": [{"type": "PodScheduled", "status": scheduled, "reason": "Unschedulable", "message": "0/3 nodes are available: 3 Insufficient cpu."}]},
}

test_pending_pod_subject_is_replicaset if {
	some h in unschedulable.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"shop": {"web-7f9c-x": pod("Pending", "False")}}}, "pod_services": {},
		"events_by_object": {"Pod/shop/web-7f9c-x": [{"reason": "FailedScheduling", "message": "Insufficient cpu", "count": 3, "time": "2026-01-01T00:00:00Z"}]},
	})
	h.subject == {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-7f9c"}
	count(h.supporting) == 2
}

test_bare_pod_is_its_own_subject if {
	p := json.patch(pod("Pending", "False"), [{"op": "remove", "path": "/metadata/ownerReferences"}])
	some h in unschedulable.hypothesis with input as fixtures.indexed({"objects": {"Pod": {"shop": {"web-7f9c-x": p}}}, "pod_services": {}, "events_by_object": {}})
	h.subject.kind == "Pod"
}

test_scheduled_pod_negative if {
	count(unschedulable.hypothesis) == 0 with input as fixtures.indexed({"objects": {"Pod": {"shop": {"web-7f9c-x": pod("Running", "True")}}}, "pod_services": {}, "events_by_object": {}})
}
