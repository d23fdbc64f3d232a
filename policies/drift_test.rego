package rift.rules.drift_test

import data.rift.rules.drift

workload(gitops, between, owner) := {
	"ref": {"kind": "Deployment", "namespace": "tracing", "name": "tempo"},
	"layers": [{"name": "gitops", "status": gitops}],
	"pods": [{"name": "tempo-abc"}],
	"divergences": [{
		"between": between, "object": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "tracing", "name": "tempo"},
		"path": "spec.template.spec.containers[name=tempo].resources.limits.memory", "expected": "768Mi", "observed": "384Mi", "owner": owner,
	}],
}

test_drift_with_manager if {
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": workload("ok", ["rendered", "applied"], "kubectl-set")}}
	contains(h.summary, "field manager kubectl-set")
	{"cause": "oom-killed", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "tracing", "name": "tempo-abc"}} in h.explains
}

test_drift_without_manager if {
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": workload("ok", ["desired", "applied"], "")}}
	not contains(h.summary, "field manager")
}

test_in_flight_apply_is_not_drift if {
	count(drift.hypothesis) == 0 with input as {"workloads": {"Deployment/tracing/tempo": workload("progressing", ["rendered", "applied"], "")}}
}

test_runtime_divergence_is_not_drift if {
	count(drift.hypothesis) == 0 with input as {"workloads": {"Deployment/tracing/tempo": workload("ok", ["controller", "runtime"], "")}}
}

test_rejected_apply_is_not_drift if {
	count(drift.hypothesis) == 0 with input as {"workloads": {"Deployment/tracing/tempo": workload("failed", ["rendered", "applied"], "")}}
}

replicas(owner) := json.patch(workload("ok", ["rendered", "applied"], owner), [{"op": "replace", "path": "/divergences/0/path", "value": "spec.replicas"}])

test_hpa_scaled_replicas_are_not_drift if {
	count(drift.hypothesis) == 0 with input as {"workloads": {"Deployment/tracing/tempo": replicas("kube-controller-manager")}}
	hpa := {"spec": {"scaleTargetRef": {"kind": "Deployment", "name": "tempo"}}}
	count(drift.hypothesis) == 0 with input as {"workloads": {"Deployment/tracing/tempo": replicas("kubectl-scale")}, "objects": {"HorizontalPodAutoscaler": {"tracing": {"tempo": hpa}}}}
	count(drift.hypothesis) == 1 with input as {"workloads": {"Deployment/tracing/tempo": replicas("kubectl-scale")}, "objects": {}}
}

suspended(applied) := {
	"workloads": {"Deployment/tracing/tempo": object.union(workload("failed", ["rendered", "applied"], "kubectl-set"), {"owners": [{"kind": "Kustomization", "namespace": "flux-system", "name": "tracing"}]})},
	"objects": {
		"Kustomization": {"flux-system": {"tracing": {"spec": {"suspend": true, "sourceRef": {"kind": "GitRepository", "name": "tracing"}}, "status": {"lastAppliedRevision": applied}}}},
		"GitRepository": {"flux-system": {"tracing": {"status": {"artifact": {"revision": "main@sha1:abc123"}}}}},
	},
}

test_suspended_at_the_latest_revision_is_drift if {
	count(drift.hypothesis) == 1 with input as suspended("main@sha1:abc123")
}

test_suspended_behind_the_source_is_not_drift if {
	count(drift.hypothesis) == 0 with input as suspended("main@sha1:0ld000")
}
