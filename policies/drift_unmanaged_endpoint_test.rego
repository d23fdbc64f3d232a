package rift.rules.drift_unmanaged_endpoint_test

import data.rift.fixtures
import data.rift.rules.drift_unmanaged_endpoint as rule

ks := {"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "namespace": "flux-system", "name": "shop"}

svc_ref := {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "storefront"}

pod(name, rs, ready) := {
	"apiVersion": "v1", "kind": "Pod",
	"metadata": {"name": name, "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": rs, "controller": true}]},
	"status": {"conditions": [{"type": "Ready", "status": ready}]},
}

rs(name, deploy) := {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": name, "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": deploy, "controller": true}]}}

inp(hotfix_ready, hotfix_owners) := fixtures.indexed({
	"objects": {
		"Pod": {"shop": {"storefront-a1-x": pod("storefront-a1-x", "storefront-a1", "True"), "hotfix-b2-y": pod("hotfix-b2-y", "hotfix-b2", hotfix_ready)}},
		"ReplicaSet": {"shop": {"storefront-a1": rs("storefront-a1", "storefront"), "hotfix-b2": rs("hotfix-b2", "storefront-hotfix")}},
	},
	"service_pods": {"shop/storefront": ["storefront-a1-x", "hotfix-b2-y"]},
	"workloads": {
		"Service/shop/storefront": {"ref": svc_ref, "owners": [ks]},
		"Deployment/shop/storefront": {"ref": {"kind": "Deployment", "namespace": "shop", "name": "storefront"}, "owners": [ks]},
		"Deployment/shop/storefront-hotfix": {"ref": {"kind": "Deployment", "namespace": "shop", "name": "storefront-hotfix"}, "owners": hotfix_owners},
	},
})

test_unmanaged_ready_pod_is_drift if {
	some h in rule.hypothesis with input as inp("True", [])
	h.subject == svc_ref
	contains(h.summary, "Deployment/shop/storefront-hotfix")
	not contains(h.summary, "Deployment/shop/storefront,")
	h.repair.owner == "live-mitigation"
}

test_unready_unmanaged_pod_is_not_routed if {
	count(rule.hypothesis) == 0 with input as inp("False", [])
}

test_managed_workloads_only if {
	count(rule.hypothesis) == 0 with input as inp("True", [ks])
}

test_unmanaged_service_is_not_judged if {
	count(rule.hypothesis) == 0 with input as object.union(inp("True", []), {"workloads": {"Service/shop/storefront": {"ref": svc_ref, "owners": []}}})
}

test_workload_missing_from_bundle_is_not_judged if {
	data_in := json.remove(inp("True", []), ["workloads/Deployment~1shop~1storefront-hotfix"])
	count(rule.hypothesis) == 0 with input as data_in
}

test_bare_pod_is_its_own_workload if {
	bare := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "debug", "namespace": "shop"}, "status": {"conditions": [{"type": "Ready", "status": "True"}]}}
	data_in := fixtures.indexed({
		"objects": {"Pod": {"shop": {"debug": bare}}},
		"service_pods": {"shop/storefront": ["debug"]},
		"workloads": {
			"Service/shop/storefront": {"ref": svc_ref, "owners": [ks]},
			"Pod/shop/debug": {"ref": {"kind": "Pod", "namespace": "shop", "name": "debug"}, "owners": []},
		},
	})
	some h in rule.hypothesis with input as data_in
	contains(h.summary, "Pod/shop/debug")
}
