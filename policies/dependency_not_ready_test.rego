package rift.rules.dependency_not_ready_test

import data.rift.rules.dependency_not_ready

ks(reason) := {
	"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization", "metadata": {"name": "apps", "namespace": "flux-system"},
	"status": {"conditions": [{"type": "Ready", "status": "False", "reason": reason, "message": "dependency 'flux-system/infra' is not ready"}]},
}

test_waiting_for_dependency if {
	some h in dependency_not_ready.hypothesis with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks("DependencyNotReady")}}}}
	h.nextCheck == "flux tree kustomization apps -n flux-system"
	h.repair.owner == "none"
}

test_other_reason_negative if {
	count(dependency_not_ready.hypothesis) == 0 with input as {"objects": {"Kustomization": {"flux-system": {"apps": ks("BuildFailed")}}}}
}
