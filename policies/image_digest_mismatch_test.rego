package rift.rules.image_digest_mismatch_test

import data.rift.fixtures
import data.rift.rules.image_digest_mismatch

pod(name, image, id) := {
	"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "shop"},
	"spec": {"containers": [{"name": "web", "image": image}]},
	"status": {"containerStatuses": [{"name": "web", "imageID": id}]},
}

workload := {
	"ref": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"},
	"pods": [{"name": "web-a", "current": true}, {"name": "web-b", "current": true}],
}

test_two_digests_for_one_tag if {
	some h in image_digest_mismatch.hypothesis with input as fixtures.indexed({"workloads": {"Deployment/shop/web": workload}, "objects": {"Pod": {"shop": {
		"web-a": pod("web-a", "shop/web:2", "shop/web@sha256:aaa"),
		"web-b": pod("web-b", "shop/web:2", "shop/web@sha256:bbb"),
	}}}})
	contains(h.summary, "2 different digests")
}

test_pinned_digest_differs if {
	some h in image_digest_mismatch.hypothesis with input as fixtures.indexed({"workloads": {"Deployment/shop/web": workload}, "objects": {"Pod": {"shop": {
		"web-a": pod("web-a", "shop/web@sha256:ccc", "shop/web@sha256:aaa"),
		"web-b": pod("web-b", "shop/web@sha256:ccc", "shop/web@sha256:aaa"),
	}}}})
	contains(h.summary, "pins sha256:ccc")
}

test_same_digest_negative if {
	count(image_digest_mismatch.hypothesis) == 0 with input as fixtures.indexed({"workloads": {"Deployment/shop/web": workload}, "objects": {"Pod": {"shop": {
		"web-a": pod("web-a", "shop/web@sha256:aaa", "shop/web@sha256:aaa"),
		"web-b": pod("web-b", "shop/web:2", "shop/web@sha256:aaa"),
	}}}})
}
