package rift.rules.config_not_reloaded_test

import data.rift.rules.config_not_reloaded

cm := {"apiVersion": "v1", "kind": "ConfigMap", "namespace": "shop", "name": "api-config"}

pod(ready, since) := {
	"apiVersion": "v1", "kind": "Pod",
	"metadata": {"name": "api-1", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "api-7d9", "controller": true}]},
	"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": ready, "lastTransitionTime": since}]},
}

inp(p) := {
	"objects": {
		"Pod": {"shop": {"api-1": p}},
		"ReplicaSet": {"shop": {"api-7d9": {"metadata": {"name": "api-7d9", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "api", "controller": true}]}}}},
	},
	"stale_reads": {"shop/api-1": [{"container": "api", "config": cm, "via": "envFrom", "started": "2026-11-10T15:00:00Z", "written": "2026-11-10T15:30:00Z", "writer": "kustomize-controller"}]},
}

# The config was fixed while the pod failed, and it fails still.
test_written_while_failing_is_supported if {
	some h in config_not_reloaded.hypothesis with input as inp(pod("False", "2026-11-10T15:01:00Z"))
	h.subject == cm
	h.status == "supported"
	contains(h.summary, "written at 2026-11-10T15:30:00Z by kustomize-controller, after container api of pod api-1 started")
	contains(h.repair.action, "rollout restart` of deployment/api")
	{"cause": "probe-failing", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1"}} in h.explains
}

# Unready only since after the write: the write did not reach the pod, so
# it cannot have caused the failure.
test_failing_since_after_the_write_is_open if {
	some h in config_not_reloaded.hypothesis with input as inp(pod("False", "2026-11-10T15:40:00Z"))
	h.status == "open"
	h.explains == set()
}

test_ready_pod_is_open_and_contradicted if {
	some h in config_not_reloaded.hypothesis with input as inp(pod("True", "2026-11-10T15:01:00Z"))
	h.status == "open"
	contains(h.contradicting[0].message, "is Ready")
}

test_no_stale_read_is_silent if {
	count(config_not_reloaded.hypothesis) == 0 with input as json.patch(inp(pod("False", "2026-11-10T15:01:00Z")), [{"op": "replace", "path": "/stale_reads", "value": {}}])
}
