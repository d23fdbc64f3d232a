package rift.rules.apply_rejected_test

import data.rift.rules.apply_rejected

obj(kind, reason, msg) := {
	"apiVersion": "x/v1", "kind": kind, "metadata": {"name": "podinfo", "namespace": "default"},
	"status": {"conditions": [{"type": "Ready", "status": "False", "reason": reason, "message": msg}]},
}

test_kyverno_denial_on_helm_upgrade if {
	hr := json.patch(
		obj("HelmRelease", "UpgradeFailed", "Helm upgrade failed: cannot patch \"podinfo\" with kind Deployment: admission webhook \"validate.kyverno.svc-fail\" denied the request"),
		[{"op": "add", "path": "/status/history", "value": [{"chartVersion": "6.5.4", "status": "failed"}]}],
	)
	some h in apply_rejected.hypothesis with input as {"objects": {"HelmRelease": {"default": {"podinfo": hr}}}, "referenced_by": {}}
	count(h.supporting) == 2
}

test_missing_crd if {
	count(apply_rejected.hypothesis) == 1 with input as {"objects": {"Kustomization": {"default": {"podinfo": obj("Kustomization", "ReconciliationFailed", "CronJob/scale-dev-up namespace not specified: the server could not find the requested resource")}}}, "referenced_by": {}}
}

test_argo_sync_failed if {
	app := {
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"},
		"status": {"operationState": {"phase": "Failed", "message": "one or more objects failed to apply", "finishedAt": "2026-01-01T00:00:00Z"}},
	}
	some h in apply_rejected.hypothesis with input as {"objects": {"Application": {"argocd": {"shop": app}}}}
	h.subject.kind == "Application"
}

test_health_check_failure_negative if {
	count(apply_rejected.hypothesis) == 0 with input as {"objects": {"Kustomization": {"default": {"podinfo": obj("Kustomization", "HealthCheckFailed", "timeout waiting for: [Deployment/default/podinfo status: 'InProgress']")}}}, "referenced_by": {}}
}

# Helm v2 API: the upgrade failure is rolled back, Ready says
# RollbackSucceeded and Released keeps the webhook denial (argo-cd corpus).
test_denial_kept_in_released_condition if {
	hr := {"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease", "metadata": {"name": "podinfo", "namespace": "default"}, "status": {"conditions": [
		{"type": "Ready", "status": "False", "reason": "RollbackSucceeded", "message": "Helm rollback to previous release default/podinfo.v24 with chart podinfo@6.5.4 succeeded"},
		{"type": "Released", "status": "False", "reason": "UpgradeFailed", "message": "Helm upgrade failed for release default/podinfo with chart podinfo@6.5.4: cannot patch \"podinfo\" with kind Deployment: admission webhook \"validate.kyverno.svc-fail\" denied the request"},
	]}}
	some h in apply_rejected.hypothesis with input as {"objects": {"HelmRelease": {"default": {"podinfo": hr}}}, "referenced_by": {}}
	contains(h.summary, "validate.kyverno.svc-fail")
}

test_template_error_is_not_rejection if {
	count(apply_rejected.hypothesis) == 0 with input as {"objects": {"HelmRelease": {"default": {"podinfo": obj("HelmRelease", "InstallFailed", "failed to create: YAML parse error on templates/x.yaml")}}}, "referenced_by": {}}
}

test_cites_changes_that_did_not_land if {
	k := obj("Kustomization", "ReconciliationFailed", "Deployment/default/web dry-run failed: admission webhook denied the request")
	w := {"owners": [{"kind": "Kustomization", "namespace": "default", "name": "podinfo"}], "divergences": [{"between": ["rendered", "applied"], "object": {"kind": "Deployment", "namespace": "default", "name": "web"}, "path": "spec.template.spec.containers[name=web].image", "expected": "web:1.5.0", "observed": "web:1.4.2"}]}
	some h in apply_rejected.hypothesis with input as {"objects": {"Kustomization": {"default": {"podinfo": k}}}, "referenced_by": {}, "workloads": {"Deployment/default/web": w}, "workloads_by_owner": {"Kustomization/default/podinfo": ["Deployment/default/web"]}}
	some e in h.supporting
	e.message == `Git renders "web:1.5.0", live has "web:1.4.2"`
}

test_statefulset_spec_change_keeps_the_claims if {
	msg := "StatefulSet/db/pg dry-run failed, reason: Invalid, error: StatefulSet.apps \"pg\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
	some h in apply_rejected.hypothesis with input as {"objects": {"Kustomization": {"default": {"podinfo": obj("Kustomization", "ReconciliationFailed", msg)}}}, "referenced_by": {}}
	h.repair.owner == "repository"
	some p in h.repair.preconditions
	contains(p, "PersistentVolumeClaims are kept")
}

test_other_rejections_keep_the_generic_repair if {
	some h in apply_rejected.hypothesis with input as {"objects": {"Kustomization": {"default": {"podinfo": obj("Kustomization", "ReconciliationFailed", "Deployment/default/podinfo dry-run failed, reason: Invalid, error: spec.selector: field is immutable")}}}, "referenced_by": {}}
	not contains(concat(" ", h.repair.preconditions), "PersistentVolumeClaims")
}

stale_input(between, removed) := {
	"objects": {"Kustomization": {"default": {"podinfo": obj("Kustomization", "ReconciliationFailed", "Deployment/default/web dry-run failed: admission webhook denied the request")}}},
	"referenced_by": {},
	"workloads": {"Deployment/default/web": {
		"ref": {"kind": "Deployment", "namespace": "default", "name": "web"},
		"owners": [{"kind": "Kustomization", "namespace": "default", "name": "podinfo"}],
		"pods": [{"name": "web-abc"}],
		"divergences": [object.union(
			{"between": between, "object": {"kind": "Deployment", "namespace": "default", "name": "web"}, "path": "spec.template.spec.containers[name=web].resources.limits.memory", "expected": null, "observed": "512Mi"},
			{k: v | some k, v in {"removed": removed}; v},
		)],
	}},
	"workloads_by_owner": {"Kustomization/default/podinfo": ["Deployment/default/web"]},
}

test_the_rejection_explains_the_pods_it_left_on_the_old_spec if {
	some h in apply_rejected.hypothesis with input as stale_input(["rendered", "applied"], true)
	{"cause": "oom-killed", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "default", "name": "web-abc"}} in h.explains
	some e in h.supporting
	e.message == `Git renders nothing (the field was removed), live has "512Mi"`
}

test_pods_of_a_workload_that_matches_git_are_not_explained if {
	some h in apply_rejected.hypothesis with input as stale_input(["controller", "runtime"], false)
	count(h.explains) == 0
}

# A sync that failed because a hook it ran failed is the hook's failure
# (the layers' waitsOn names it), not a rejected apply.
test_argo_hook_failure_is_not_a_rejection if {
	app := {
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"},
		"status": {"operationState": {"phase": "Failed", "message": "one or more synchronization tasks completed unsuccessfully", "finishedAt": "2026-01-01T00:00:00Z"}},
	}
	count(apply_rejected.hypothesis) == 0 with input as {
		"objects": {"Application": {"argocd": {"shop": app}}},
		"workloads": {"Application/argocd/shop": {"waitsOn": [{"apiVersion": "batch/v1", "kind": "Job", "namespace": "shop", "name": "migrate"}]}},
	}
}
