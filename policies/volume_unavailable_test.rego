package rift.rules.volume_unavailable_test

import data.rift.fixtures
import data.rift.rules.volume_unavailable

pvc(phase) := {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "data-db-0", "namespace": "db"}, "spec": {"storageClassName": "fast"}, "status": {"phase": phase}}

pod := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "db-0", "namespace": "db", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "StatefulSet", "name": "db", "controller": true}]}, "status": {"phase": "Pending"}}

test_unbound_claim_explains_failed_scheduling if {
	some h in volume_unavailable.hypothesis with input as fixtures.indexed({
		"objects": {"PersistentVolumeClaim": {"db": {"data-db-0": pvc("Pending")}}, "Pod": {"db": {"db-0": pod}}},
		"referenced_by": {"PersistentVolumeClaim/db/data-db-0": [{"kind": "Pod", "namespace": "db", "name": "db-0", "path": "spec.volumes"}]},
		"events_by_object": {"PersistentVolumeClaim/db/data-db-0": [{"reason": "ProvisioningFailed", "type": "Warning", "message": "no zone", "count": 1, "time": "2026-01-01T00:00:00Z"}]},
		"pod_services": {},
	})
	h.subject.kind == "PersistentVolumeClaim"
	{"cause": "unschedulable", "subject": {"apiVersion": "apps/v1", "kind": "StatefulSet", "namespace": "db", "name": "db"}} in h.explains
}

test_failed_mount if {
	some h in volume_unavailable.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"db": {"db-0": pod}}}, "referenced_by": {}, "pod_services": {},
		"events_by_object": {"Pod/db/db-0": [{"reason": "FailedMount", "message": "hostPath type check failed: /data is not a directory", "count": 178, "time": "2026-01-01T00:00:00Z"}]},
	})
	h.subject.kind == "Pod"
	count(h.contradicting) == 0
}

test_bound_claim_and_secret_mount_negative if {
	count(volume_unavailable.hypothesis) == 0 with input as fixtures.indexed({
		"objects": {"PersistentVolumeClaim": {"db": {"data-db-0": pvc("Bound")}}, "Pod": {"db": {"db-0": pod}}},
		"referenced_by": {}, "pod_services": {},
		"events_by_object": {"Pod/db/db-0": [{"reason": "FailedMount", "message": "secret \"etcd-client\" not found", "count": 1, "time": ""}]},
	})
}

# A mount failure of a pod that finished since is cited with its time;
# whether it is history is the engine's judgement, not this rule's.
test_mount_failure_of_finished_pod_cites_its_time if {
	done := object.union(pod, {"status": {"phase": "Succeeded"}})
	some h in volume_unavailable.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"db": {"db-0": done}}}, "referenced_by": {}, "pod_services": {},
		"events_by_object": {"Pod/db/db-0": [{"reason": "FailedMount", "message": "object \"db\"/\"kube-root-ca.crt\" not registered", "count": 1, "time": "2026-11-01T10:00:00Z"}]},
	})
	h.supporting[0].time == "2026-11-01T10:00:00Z"
}

claim_input(message) := fixtures.indexed({
	"objects": {"PersistentVolumeClaim": {"db": {"data-db-0": pvc("Pending")}}, "Pod": {"db": {"db-0": pod}}},
	"referenced_by": {"PersistentVolumeClaim/db/data-db-0": [{"kind": "Pod", "namespace": "db", "name": "db-0", "path": "spec.volumes"}]},
	"events_by_object": {"PersistentVolumeClaim/db/data-db-0": [{"reason": "ProvisioningFailed", "type": "Warning", "message": message, "count": 4, "time": "2026-01-01T00:00:00Z"}]},
	"pod_services": {},
})

test_missing_storage_class_is_a_repository_repair if {
	some h in volume_unavailable.hypothesis with input as claim_input(`storageclass.storage.k8s.io "fast" not found`)
	contains(h.summary, "StorageClass fast does not exist")
	h.repair.owner == "repository"
}

test_other_provisioning_failure_keeps_the_storage_repair if {
	some h in volume_unavailable.hypothesis with input as claim_input(`storageclass.storage.k8s.io "slow" not found`)
	not contains(h.summary, "does not exist")
	h.repair.owner == "external-dependency"
}

owned(kind, name) := [{"apiVersion": "apps/v1", "kind": kind, "name": name, "controller": true}]

wpod(name, rs) := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "shop", "ownerReferences": owned("ReplicaSet", rs)}, "status": {"phase": "Pending"}}

multi_attach(holder_rs) := fixtures.indexed({
	"objects": {
		"Pod": {"shop": {"web-new-a": wpod("web-new-a", "web-new"), "web-old-a": wpod("web-old-a", holder_rs)}},
		"ReplicaSet": {"shop": {
			"web-new": {"metadata": {"name": "web-new", "namespace": "shop", "ownerReferences": owned("Deployment", "web")}},
			"web-old": {"metadata": {"name": "web-old", "namespace": "shop", "ownerReferences": owned("Deployment", "web")}},
			"other": {"metadata": {"name": "other", "namespace": "shop", "ownerReferences": owned("Deployment", "other")}},
		}},
	},
	"events_by_object": {"Pod/shop/web-new-a": [{"reason": "FailedAttachVolume", "type": "Warning", "count": 5, "time": "2026-01-01T00:00:00Z", "message": "Multi-Attach error for volume \"pvc-1\" Volume is already used by pod(s) web-old-a"}]},
	"pod_services": {},
})

# An older pod of the same Deployment holds the ReadWriteOnce volume: the
# rolling update cannot finish, and the strategy is the repair.
test_multi_attach_in_a_rollout if {
	some h in volume_unavailable.hypothesis with input as multi_attach("web-old")
	h.subject.name == "web-new-a"
	contains(h.summary, "the Deployment's older pod web-old-a still holds it")
	h.repair.owner == "repository"
	contains(h.repair.action, "strategy Recreate")
}

# Another workload's pod holds it: not a rollout of its own.
test_multi_attach_across_workloads if {
	some h in volume_unavailable.hypothesis with input as multi_attach("other")
	h.subject.name == "web-new-a"
	contains(h.summary, "cannot be attached or mounted: Multi-Attach error")
	h.repair.owner == "external-dependency"
}
