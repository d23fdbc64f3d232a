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

# A registry that throttles or does not answer is not fixed in Git: the
# reference may be right, and changing it changes nothing.
test_registry_failures_owner if {
	every msg in [
		`unexpected status code: 429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.`,
		`dial tcp 10.1.2.3:443: i/o timeout`,
		`net/http: TLS handshake timeout`,
		`unexpected status code [manifests 2.0]: 503 Service Unavailable`,
	] {
		some h in image_pull_failed.hypothesis with input as fixtures.indexed({
			"objects": {"Pod": {"shop": {"web-1": pod("ErrImagePull", msg)}}}, "pod_services": {}, "events_by_object": {},
		})
		h.repair.owner == "external-dependency"
		h.repair.rollback == "none: nothing in the workload changes"
	}
}

# A registry name that does not resolve may be a typo in Git: the
# reference's owner keeps it.
test_unresolvable_registry_stays_repository if {
	some h in image_pull_failed.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"shop": {"web-1": pod("ErrImagePull", `dial tcp: lookup registry.exmaple.com on 10.96.0.10:53: no such host`)}}}, "pod_services": {}, "events_by_object": {},
	})
	h.repair.owner == "repository"
}
