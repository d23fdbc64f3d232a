package rift.rules.source_unavailable_test

import data.rift.rules.source_unavailable

repo(status) := {
	"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "GitRepository", "metadata": {"name": "infra", "namespace": "flux-system"},
	"spec": {"url": "https://github.wrong.com/org/infra.git"},
	"status": {"conditions": [{"type": "Ready", "status": status, "reason": "GitOperationFailed", "message": "failed to checkout and determine revision: unable to clone"}]},
}

test_git_source_explains_consumers if {
	some h in source_unavailable.hypothesis with input as {
		"objects": {"GitRepository": {"flux-system": {"infra": repo("False")}}}, "events_by_object": {},
		"referenced_by": {"GitRepository/flux-system/infra": [{"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "namespace": "flux-system", "name": "apps", "path": "spec.sourceRef"}]},
	}
	h.nextCheck == "flux get sources git infra -n flux-system"
	{"cause": "source-unavailable", "subject": {"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "namespace": "flux-system", "name": "apps"}} in h.explains
}

test_consumer_with_missing_source if {
	ks := {
		"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "metadata": {"name": "apps", "namespace": "flux-system"},
		"status": {"conditions": [{"type": "Ready", "status": "False", "reason": "ArtifactFailed", "message": "GitRepository.source.toolkit.fluxcd.io \"podinfo\" not found"}]},
	}
	some h in source_unavailable.hypothesis with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks}}}, "referenced_by": {}}
	h.repair.owner == "repository"
}

test_argo_repository if {
	app := {
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"}, "spec": {"source": {"repoURL": "https://git.example/shop"}},
		"status": {"conditions": [{"type": "ComparisonError", "message": "rpc error: code = Unknown desc = authentication required"}]},
	}
	some h in source_unavailable.hypothesis with input as {"objects": {"Application": {"argocd": {"shop": app}}}}
	startswith(h.nextCheck, "argocd app get shop")
}

test_ready_source_negative if {
	count(source_unavailable.hypothesis) == 0 with input as {"objects": {"GitRepository": {"flux-system": {"infra": repo("True")}}}, "events_by_object": {}, "referenced_by": {}}
}

ks_blocked(convergence) := {
	"objects": {
		"GitRepository": {"flux-system": {"infra": repo("False")}},
		"Kustomization": {"flux-system": {"apps": {
			"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "metadata": {"name": "apps", "namespace": "flux-system"},
			"spec": {"sourceRef": {"kind": "GitRepository", "name": "infra"}},
			"status": {"lastAppliedRevision": "main@sha1:1111", "conditions": [{"type": "Ready", "status": "True", "reason": "ReconciliationSucceeded"}]},
		}}},
	},
	"workloads": {"Kustomization/flux-system/apps": {
		"ref": {"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "namespace": "flux-system", "name": "apps"},
		"convergence": convergence, "convergenceReason": "Git source infra is at 2222; lastAppliedRevision is main@1111; GitRepository/flux-system/infra cannot fetch",
	}},
	"referenced_by": {}, "events_by_object": {},
}

test_blocked_consumer_of_failing_source if {
	some h in source_unavailable.hypothesis with input as ks_blocked("blocked")
	h.subject.kind == "Kustomization"
	contains(h.summary, "cannot receive the new revision")
	h.repair.owner == "none"
}

test_progressing_consumer_is_not_named if {
	hs := source_unavailable.hypothesis with input as ks_blocked("progressing")
	count([h | some h in hs; h.subject.kind == "Kustomization"]) == 0
	count(hs) == 1
}

# The source answers and lacks what Git names: corrected in Git. A source
# that cannot be reached or read is access.
test_missing_version_or_ref_is_the_repository if {
	every tc in [
		{"kind": "HelmChart", "msg": "invalid chart reference: failed to get chart version for remote reference: no 'payments-api' chart with version matching '1.5.0' found", "owner": "repository"},
		{"kind": "GitRepository", "msg": "failed to checkout and determine revision: unable to clone 'https://git.example/infra.git': couldn't find remote ref \"refs/heads/release-2.4\"", "owner": "repository"},
		{"kind": "OCIRepository", "msg": "failed to determine artifact digest: GET https://ghcr.io/v2/acme/manifests/manifests/6.1.0: MANIFEST_UNKNOWN: manifest unknown", "owner": "repository"},
		{"kind": "GitRepository", "msg": "failed to checkout and determine revision: unable to clone: authentication required", "owner": "external-dependency"},
	] {
		src := {
			"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": tc.kind, "metadata": {"name": "s", "namespace": "flux-system"}, "spec": {},
			"status": {"conditions": [{"type": "Ready", "status": "False", "reason": "Failed", "message": tc.msg}]},
		}
		some h in source_unavailable.hypothesis with input as {"objects": {tc.kind: {"flux-system": {"s": src}}}, "events_by_object": {}, "referenced_by": {}}
		h.repair.owner == tc.owner
	}
}

# Argo CD: a targetRevision the repository lacks is the Application's.
test_argo_missing_revision_is_the_repository if {
	app := {
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"}, "spec": {"source": {"repoURL": "https://git.example/shop"}},
		"status": {"conditions": [{"type": "ComparisonError", "message": "Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown desc = Unable to resolve 'release-2.4' to a commit SHA"}]},
	}
	some h in source_unavailable.hypothesis with input as {"objects": {"Application": {"argocd": {"shop": app}}}}
	h.repair.owner == "repository"
}
