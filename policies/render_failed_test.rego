package rift.rules.render_failed_test

import data.rift.rules.render_failed

obj(kind, reason, msg) := {
	"apiVersion": "x/v1", "kind": kind, "metadata": {"name": "apps", "namespace": "flux-system"},
	"status": {"conditions": [{"type": "Ready", "status": "False", "reason": reason, "message": msg}]},
}

test_build_failed_explains_dependents if {
	some h in render_failed.hypothesis with input as {
		"objects": {"Kustomization": {"flux-system": {"apps": obj("Kustomization", "BuildFailed", "kustomize build failed: accumulating resources")}}},
		"referenced_by": {"Kustomization/flux-system/apps": [{"apiVersion": "x/v1", "kind": "Kustomization", "namespace": "flux-system", "name": "web", "path": "spec.dependsOn"}]},
	}
	{"cause": "dependency-not-ready", "subject": {"apiVersion": "x/v1", "kind": "Kustomization", "namespace": "flux-system", "name": "web"}} in h.explains
}

test_helm_template_error if {
	count(render_failed.hypothesis) == 1 with input as {"objects": {"HelmRelease": {"flux-system": {"apps": obj("HelmRelease", "InstallFailed", "template: web/templates/deploy.yaml:12: execution error")}}}, "referenced_by": {}}
}

test_argo_manifest_generation if {
	app := {
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "shop", "namespace": "argocd"},
		"status": {"conditions": [{"type": "ComparisonError", "message": "Manifest generation error (cached): kustomize build failed"}]},
	}
	some h in render_failed.hypothesis with input as {"objects": {"Application": {"argocd": {"shop": app}}}}
	h.nextCheck == "argocd app manifests shop"
}

test_apply_failure_is_not_render if {
	count(render_failed.hypothesis) == 0 with input as {"objects": {"Kustomization": {"flux-system": {"apps": obj("Kustomization", "ReconciliationFailed", "dry-run failed: admission webhook denied")}}}, "referenced_by": {}}
}

test_post_render_failure if {
	count(render_failed.hypothesis) == 1 with input as {"objects": {"HelmRelease": {"flux-system": {"apps": obj("HelmRelease", "InstallFailed", "Helm install failed: error while running post render on files: yaml: unmarshal errors")}}}, "referenced_by": {}}
}
