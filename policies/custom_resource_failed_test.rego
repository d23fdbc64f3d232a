package rift.rules.custom_resource_failed_test

import data.rift.rules.custom_resource_failed

w(api, kind, convergence) := {
	"ref": {"apiVersion": api, "kind": kind, "namespace": "shop", "name": "web"},
	"convergence": convergence,
	"convergenceReason": "the rollout is aborted",
}

test_failed_rollout_is_named if {
	some h in custom_resource_failed.hypothesis with input as {"workloads": {"Rollout/shop/web": w("argoproj.io/v1alpha1", "Rollout", "failed")}}
	h.subject.kind == "Rollout"
	contains(h.summary, "aborted")
	h.nextCheck == "kubectl describe rollout web -n shop"
}

test_core_and_gitops_objects_negative if {
	ws := {
		"a": w("apps/v1", "Deployment", "failed"),
		"b": w("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "failed"),
		"c": w("networking.k8s.io/v1", "Ingress", "failed"),
		"d": w("argoproj.io/v1alpha1", "Rollout", "progressing"),
		"e": w("argoproj.io/v1alpha1", "Application", "failed"),
	}
	count(custom_resource_failed.hypothesis) == 0 with input as {"workloads": ws}
}
