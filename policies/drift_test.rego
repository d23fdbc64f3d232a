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

# with_apply gives the workload the apply state the layers read from its
# reconciler's records; the GitOps layer says progressing (an Argo CD
# Application reports OutOfSync), which alone is not an apply in flight.
with_apply(state, setting) := object.union(workload("progressing", ["rendered", "applied"], "kubectl-set"), {"apply": object.union(
	{"state": state, "by": {"kind": "Application", "namespace": "argocd", "name": "tracing"}, "reason": "synced abc123"},
	{k: v | some k, v in {"setting": setting}; v != ""},
)})

test_idle_apply_is_drift_and_the_repair_names_the_setting if {
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": with_apply("idle", "spec.syncPolicy.automated.selfHeal: false")}}
	contains(h.repair.action, "spec.syncPolicy.automated.selfHeal: false (Application/argocd/tracing) lets the live value stay")
	{"object": {"kind": "Application", "namespace": "argocd", "name": "tracing"}, "message": "synced abc123"} in h.supporting
}

test_correcting_apply_is_drift_without_a_setting if {
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": with_apply("correcting", "")}}
	not contains(h.repair.action, "lets the live value stay")
}

test_applying_failed_or_held_is_not_drift if {
	every state in ["applying", "failed", "held"] {
		count(drift.hypothesis) == 0 with input as {"workloads": {"Deployment/tracing/tempo": with_apply(state, "spec.suspend: true")}}
	}
}

test_unknown_apply_falls_back_to_the_gitops_layer if {
	count(drift.hypothesis) == 0 with input as {"workloads": {"Deployment/tracing/tempo": with_apply("unknown", "")}}
	ok := json.patch(with_apply("unknown", ""), [{"op": "replace", "path": "/layers/0/status", "value": "ok"}])
	count(drift.hypothesis) == 1 with input as {"workloads": {"Deployment/tracing/tempo": ok}}
}

removed := json.patch(with_apply("idle", "spec.suspend: true"), [
	{"op": "replace", "path": "/divergences/0/expected", "value": null},
	{"op": "add", "path": "/divergences/0/removed", "value": true},
	{"op": "replace", "path": "/divergences/0/owner", "value": "kustomize-controller"},
])

test_removed_field_is_drift_with_expected_absent if {
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": removed}}
	contains(h.summary, "Git no longer declares spec.template.spec.containers[name=tempo].resources.limits.memory")
	contains(h.supporting[0].message, "rendered absent")
}

test_declared_field_is_not_called_removed if {
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": with_apply("idle", "")}}
	not contains(h.summary, "no longer declares")
	contains(h.supporting[0].message, `rendered "768Mi"`)
}

# Replicas drifted to zero leave the Services that select the workload's
# template without endpoints: drift explains their no-endpoints.
test_replicas_drift_explains_podless_services if {
	tw := {"workload": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "tracing", "name": "tempo"}, "replicas": 0}
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": replicas("kubectl")}, "service_workloads": {"tracing/tempo": [tw]}}
	{"cause": "no-endpoints", "subject": {"apiVersion": "v1", "kind": "Service", "namespace": "tracing", "name": "tempo"}} in h.explains
}

test_other_drift_explains_no_service if {
	tw := {"workload": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "tracing", "name": "tempo"}, "replicas": 0}
	some h in drift.hypothesis with input as {"workloads": {"Deployment/tracing/tempo": workload("ok", ["rendered", "applied"], "kubectl-set")}, "service_workloads": {"tracing/tempo": [tw]}}
	not "no-endpoints" in {x.cause | some x in h.explains}
}
