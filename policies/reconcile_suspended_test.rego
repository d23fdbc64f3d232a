package rift.rules.reconcile_suspended_test

import data.rift.rules.reconcile_suspended

ks(suspend, applied) := {
	"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "metadata": {"name": "apps", "namespace": "flux-system"},
	"spec": {"suspend": suspend, "sourceRef": {"kind": "GitRepository", "name": "infra"}},
	"status": {"lastAppliedRevision": applied},
}

repo := {"status": {"artifact": {"revision": "main@sha1:bbb"}}}

test_suspended_while_git_moved if {
	some h in reconcile_suspended.hypothesis with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks(true, "main@sha1:aaa")}}, "GitRepository": {"flux-system": {"infra": repo}}}}
	h.status == "supported"
}

test_suspended_at_latest_is_open if {
	some h in reconcile_suspended.hypothesis with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks(true, "main@sha1:bbb")}}, "GitRepository": {"flux-system": {"infra": repo}}}}
	h.status == "open"
}

test_argo_manual_out_of_sync if {
	app := {"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"}, "spec": {"syncPolicy": {}}, "status": {"sync": {"status": "OutOfSync", "revision": "abc"}}}
	some h in reconcile_suspended.hypothesis with input as {"objects": {"Application": {"argocd": {"shop": app}}}}
	h.nextCheck == "argocd app diff shop"
}

manual_app := {"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"}, "spec": {"syncPolicy": {}}, "status": {"sync": {"status": "OutOfSync", "revision": "abc"}}}

manual_input(state) := {
	"objects": {"Application": {"argocd": {"shop": manual_app}}},
	"workloads": {"Deployment/shop/web": {"apply": {"state": state, "by": {"kind": "Application", "namespace": "argocd", "name": "shop"}, "reason": "r"}}},
	"workloads_by_owner": {"Application/argocd/shop": ["Deployment/shop/web"]},
}

test_argo_manual_with_a_revision_waiting_is_supported if {
	some h in reconcile_suspended.hypothesis with input as manual_input("held")
	h.status == "supported"
}

test_argo_manual_out_of_sync_at_the_synced_revision_is_open if {
	some h in reconcile_suspended.hypothesis with input as manual_input("idle")
	h.status == "open"
	some g in reconcile_suspended.hypothesis with input as {"objects": {"Application": {"argocd": {"shop": manual_app}}}}
	g.status == "open"
}

test_not_suspended_negative if {
	app := {"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"}, "spec": {"syncPolicy": {"automated": {}}}, "status": {"sync": {"status": "OutOfSync"}}}
	count(reconcile_suspended.hypothesis) == 0 with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks(false, "main@sha1:aaa")}}, "Application": {"argocd": {"shop": app}}}}
}

window_app := {"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"}, "spec": {"project": "retail", "syncPolicy": {"automated": {"selfHeal": true}}}, "status": {"sync": {"status": "OutOfSync", "revision": "bbb"}}}

window_project := {"apiVersion": "argoproj.io/v1alpha1", "kind": "AppProject", "metadata": {"name": "retail", "namespace": "argocd"}, "spec": {"syncWindows": [{"kind": "deny", "schedule": "0 21 * * *", "duration": "8h", "applications": ["*"]}]}}

window_input(state, setting) := {
	"objects": {"Application": {"argocd": {"shop": window_app}}, "AppProject": {"argocd": {"retail": window_project}}},
	"workloads": {"Deployment/shop/web": {"apply": {"state": state, "setting": setting, "by": {"kind": "Application", "namespace": "argocd", "name": "shop"}, "reason": "automated sync of bbb is refused by an open deny sync window"}}},
	"workloads_by_owner": {"Application/argocd/shop": ["Deployment/shop/web"]},
}

test_argo_sync_window_hold_is_supported if {
	some h in reconcile_suspended.hypothesis with input as window_input("held", "AppProject/argocd/retail spec.syncWindows[0] (deny \"0 21 * * *\" for 8h, UTC)")
	h.status == "supported"
	h.nextCheck == "argocd proj windows list retail"
	some e in h.supporting
	e.object.kind == "AppProject"
	e.path == "spec.syncWindows"
}

# A window that only stops selfHeal leaves a live change in place: the drift
# rule owns that and names the window; no hold is raised for it.
test_argo_sync_window_stopping_self_heal_raises_no_hold if {
	count(reconcile_suspended.hypothesis) == 0 with input as window_input("idle", "AppProject/argocd/retail spec.syncWindows[0] (deny \"0 21 * * *\" for 8h, UTC)")
}

test_argo_automated_held_by_another_setting_is_not_a_window if {
	count(reconcile_suspended.hypothesis) == 0 with input as window_input("held", "spec.syncPolicy.automated unset (manual sync)")
}
