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
