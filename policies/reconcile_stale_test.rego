package rift.rules.reconcile_stale_test

import data.rift.rules.reconcile_stale

ks(applied, observed) := {
	"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "metadata": {"name": "apps", "namespace": "flux-system", "generation": 3},
	"spec": {"sourceRef": {"kind": "GitRepository", "name": "infra"}},
	"status": {"lastAppliedRevision": applied, "observedGeneration": observed, "conditions": [{"type": "Ready", "status": "True"}]},
}

repo := {"status": {"artifact": {"revision": "main@sha1:bbb"}}}

test_revision_behind if {
	some h in reconcile_stale.hypothesis with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks("main@sha1:aaa", 3)}}, "GitRepository": {"flux-system": {"infra": repo}}}}
	contains(h.summary, "applied main@sha1:aaa")
}

test_generation_behind if {
	some h in reconcile_stale.hypothesis with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks("main@sha1:bbb", 2)}}, "GitRepository": {"flux-system": {"infra": repo}}}}
	contains(h.summary, "observedGeneration 2")
}

test_current_negative if {
	count(reconcile_stale.hypothesis) == 0 with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks("main@sha1:bbb", 3)}}, "GitRepository": {"flux-system": {"infra": repo}}}}
}

test_reconcile_in_progress_is_open if {
	k := json.patch(ks("main@sha1:bbb", 2), [{"op": "add", "path": "/status/conditions/-", "value": {"type": "Reconciling", "status": "True", "reason": "Progressing"}}])
	some h in reconcile_stale.hypothesis with input as {"objects": {"Kustomization": {"flux-system": {"apps": k}}, "GitRepository": {"flux-system": {"infra": repo}}}}
	h.status == "open"
}

test_same_commit_in_two_revision_formats_is_current if {
	count(reconcile_stale.hypothesis) == 0 with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks("main/bbb", 3)}}, "GitRepository": {"flux-system": {"infra": repo}}}}
}

argo_app(revision) := {
	"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "inventory", "namespace": "argocd"},
	"spec": {"source": {"repoURL": "https://git.example.com/retail/apps.git", "path": "envs/prod"}, "syncPolicy": {"automated": {"prune": true}}},
	"status": {"sync": {"status": "Synced", "revision": revision}, "reconciledAt": "2026-01-01T00:00:00Z"},
}

argo_input(app, commit_time) := {
	"bundle": {"captureTime": "2026-01-01T00:20:00Z", "sources": {"inventory": {"url": "https://git.example.com/retail/apps", "path": "./envs/prod", "revision": "bbb", "commitTime": commit_time}}},
	"objects": {"Application": {"argocd": {"inventory": app}}},
}

test_argo_behind_after_refresh_window if {
	some h in reconcile_stale.hypothesis with input as argo_input(argo_app("aaa"), "2026-01-01T00:05:00Z")
	h.status == "supported"
	contains(h.summary, "Synced at aaa while its Git source is at bbb")
}

test_argo_behind_within_refresh_window_is_open if {
	some h in reconcile_stale.hypothesis with input as argo_input(argo_app("aaa"), "2026-01-01T00:18:00Z")
	h.status == "open"
}

test_argo_current_negative if {
	count(reconcile_stale.hypothesis) == 0 with input as argo_input(argo_app("bbb"), "2026-01-01T00:05:00Z")
}

test_argo_failed_operation_negative if {
	app := json.patch(argo_app("aaa"), [{"op": "add", "path": "/status/operationState", "value": {"phase": "Failed"}}])
	count(reconcile_stale.hypothesis) == 0 with input as argo_input(app, "2026-01-01T00:05:00Z")
}

test_argo_comparison_error_negative if {
	app := json.patch(argo_app("aaa"), [{"op": "add", "path": "/status/conditions", "value": [{"type": "ComparisonError", "message": "rpc error"}]}])
	count(reconcile_stale.hypothesis) == 0 with input as argo_input(app, "2026-01-01T00:05:00Z")
}

test_argo_manual_sync_negative if {
	app := json.patch(argo_app("aaa"), [{"op": "remove", "path": "/spec/syncPolicy"}])
	count(reconcile_stale.hypothesis) == 0 with input as argo_input(app, "2026-01-01T00:05:00Z")
}

test_argo_other_path_negative if {
	app := json.patch(argo_app("aaa"), [{"op": "replace", "path": "/spec/source/path", "value": "envs/staging"}])
	count(reconcile_stale.hypothesis) == 0 with input as argo_input(app, "2026-01-01T00:05:00Z")
}
