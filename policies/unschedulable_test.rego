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

with_events(evs) := fixtures.indexed({
	"objects": {"Pod": {"shop": {"web-7f9c-x": pod("Pending", "False")}}}, "pod_services": {},
	"events_by_object": {"Pod/shop/web-7f9c-x": array.concat(
		[{"reason": "FailedScheduling", "type": "Warning", "message": "0/3 nodes are available: 3 Insufficient cpu.", "count": 3, "time": "2026-01-01T00:00:00Z", "source": "default-scheduler"}],
		evs,
	)},
})

# The node autoscaler would add a node and a limit stops it: the
# platform's capacity, not the pods' manifest.
test_capacity_limit_is_the_platform if {
	every msg in [
		"pod didn't trigger scale-up: 1 max node group size reached",
		`Failed to schedule pod, all available instance types exceed limits for nodepool: "default"`,
	] {
		src := {true: "karpenter", false: "cluster-autoscaler"}[contains(msg, "nodepool")]
		reason := {true: "FailedScheduling", false: "NotTriggerScaleUp"}[contains(msg, "nodepool")]
		some h in unschedulable.hypothesis with input as with_events([{"reason": reason, "type": "Normal", "message": msg, "count": 2, "time": "2026-01-01T00:01:00Z", "source": src}])
		h.repair.owner == "external-dependency"
		contains(h.summary, msg)
	}
}

# A scale-up under way: the wait is progress, open.
test_scale_up_under_way_is_open if {
	some h in unschedulable.hypothesis with input as with_events([{"reason": "TriggeredScaleUp", "type": "Normal", "message": "pod triggered scale-up: [{eks-general 2->3 (max: 10)}]", "count": 1, "time": "2026-01-01T00:01:00Z", "source": "cluster-autoscaler"}])
	h.status == "open"
	h.contradicting[0].event == "TriggeredScaleUp"
}

# The autoscaler says no node type fits the requests: the manifest.
test_requests_too_big_is_the_repository if {
	some h in unschedulable.hypothesis with input as with_events([{"reason": "NotTriggerScaleUp", "type": "Normal", "message": "pod didn't trigger scale-up: 3 Insufficient cpu", "count": 2, "time": "2026-01-01T00:01:00Z", "source": "cluster-autoscaler"}])
	h.repair.owner == "repository"
	not h.status
}

# A pod pinned by its bound volume to a zone with no schedulable node:
# the capacity there, not the manifest; the volume's pin is cited.
test_volume_pinned_is_the_zone if {
	p := json.patch(pod("Pending", "False"), [
		{"op": "replace", "path": "/status/conditions/0/message", "value": "0/2 nodes are available: 1 node(s) didn't match PersistentVolume's node affinity, 1 node(s) were unschedulable."},
		{"op": "add", "path": "/spec", "value": {"volumes": [{"name": "data", "persistentVolumeClaim": {"claimName": "data-web-0"}}]}},
	])
	pvc := {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "data-web-0", "namespace": "shop"}, "spec": {"volumeName": "pv-1"}}
	pv := {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "pv-1"}, "spec": {"nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "topology.kubernetes.io/zone", "operator": "In", "values": ["eu-west-1a"]}]}]}}}}
	some h in unschedulable.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"shop": {"web-7f9c-x": p}}, "PersistentVolumeClaim": {"shop": {"data-web-0": pvc}}, "PersistentVolume": {"": {"pv-1": pv}}},
		"pod_services": {}, "events_by_object": {},
	})
	h.repair.owner == "external-dependency"
	some e in h.supporting
	contains(e.message, `topology.kubernetes.io/zone In ["eu-west-1a"]`)
}
