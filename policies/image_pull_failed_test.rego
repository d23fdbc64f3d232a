package rift.rules.image_pull_failed_test

import data.rift.fixtures
import data.rift.rules.image_pull_failed

pod(reason, msg) := {
	"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web-1", "namespace": "shop"},
	"status": {"containerStatuses": [{"name": "web", "image": "registry.example/web:2.0", "state": {"waiting": {"reason": reason, "message": msg}}}]},
}

test_wrong_tag_is_repository if {
	some h in image_pull_failed.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"shop": {"web-1": pod("ImagePullBackOff", "manifest unknown")}}}, "pod_services": {},
		"events_by_object": {"Pod/shop/web-1": [{"reason": "Failed", "message": "Failed to pull image: not found", "count": 2, "time": "2026-01-01T00:00:00Z"}]},
	})
	h.repair.owner == "repository"
	count(h.supporting) == 2
}

test_x509_is_external if {
	some h in image_pull_failed.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"shop": {"web-1": pod("ErrImagePull", "x509: certificate signed by unknown authority")}}},
		"pod_services": {}, "events_by_object": {},
	})
	h.repair.owner == "external-dependency"
}

test_running_pod_negative if {
	count(image_pull_failed.hypothesis) == 0 with input as fixtures.indexed({"objects": {"Pod": {"shop": {"web-1": pod("ContainerCreating", "")}}}, "pod_services": {}, "events_by_object": {}})
}
