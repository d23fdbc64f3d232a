package rift.rules.config_missing_test

import data.rift.fixtures
import data.rift.rules.config_missing

pod := {
	"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"},
	"status": {"containerStatuses": [{"name": "api", "state": {"waiting": {"reason": "CreateContainerConfigError", "message": "secret \"app-secrets\" not found"}}}]},
}

base := {"objects": {"Pod": {"shop": {"api-1": pod}}, "Secret": {"shop": {"other": {}}}}, "pod_services": {}, "events_by_object": {}, "bundle": {"format": "rift.dev/v1alpha1", "notCollectedResources": {}}}

test_missing_secret_explains_pod if {
	hs := config_missing.hypothesis with input as fixtures.indexed(base)
	some s in hs
	s.subject == {"apiVersion": "v1", "kind": "Secret", "namespace": "shop", "name": "app-secrets"}
	s.status == "supported"
	{"cause": "config-missing", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1"}} in s.explains
	some p in hs
	p.subject.kind == "Pod"
}

test_secrets_not_collected_is_open if {
	some s in config_missing.hypothesis with input as fixtures.indexed(object.union(base, {"bundle": {"notCollectedResources": {"secrets": true}}}))
	s.subject.kind == "Secret"
	s.status == "open"
}

test_configmap_from_failed_mount if {
	p := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "status": {}}
	some s in config_missing.hypothesis with input as fixtures.indexed(object.union(base, {
		"objects": {"Pod": {"shop": {"api-1": p}}},
		"events_by_object": {"Pod/shop/api-1": [{"reason": "FailedMount", "message": "MountVolume.SetUp failed for volume \"cfg\" : configmap \"api-config\" not found", "count": 3, "firstTime": "2026-11-01T10:00:00Z", "time": "2026-11-01T10:02:00Z"}]},
	}))
	s.subject.kind == "ConfigMap"
}

test_existing_secret_only_pod if {
	hs := config_missing.hypothesis with input as fixtures.indexed(object.union(base, {"objects": {"Secret": {"shop": {"app-secrets": {}}}}}))
	count(hs) == 1
}

test_healthy_pod if {
	healthy := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "status": {}}
	count(config_missing.hypothesis) == 0 with input as fixtures.indexed(object.union(object.remove(base, {"objects"}), {"objects": {"Pod": {"shop": {"api-1": healthy}}}}))
}

test_secret_kind_absent_from_imported_bundle_is_open if {
	imported := object.union(object.remove(base, {"objects"}), {"objects": {"Pod": {"shop": {"api-1": pod}}}, "bundle": {"format": "must-gather"}})
	some s in config_missing.hypothesis with input as fixtures.indexed(imported)
	s.subject.kind == "Secret"
	s.status == "open"
}

test_secret_kind_absent_from_rift_bundle_is_supported if {
	some s in config_missing.hypothesis with input as fixtures.indexed(object.union(object.remove(base, {"objects"}), {"objects": {"Pod": {"shop": {"api-1": pod}}}}))
	s.subject.kind == "Secret"
	s.status == "supported"
}

# A pod that runs now proves the object it references exists now; whether
# the pod's own failure is history is the engine's judgement, made once for
# every rule from the times the rule cites.
test_running_pod_contradicts_the_missing_object if {
	healthy := object.union(pod, {"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}})
	hs := config_missing.hypothesis with input as fixtures.indexed(object.union(object.remove(base, {"objects"}), {"objects": {"Pod": {"shop": {"api-1": healthy}}}}))
	count(hs) == 2
	some s in hs
	s.subject.kind == "Secret"
	s.status == "contradicted"
	some p in hs
	p.subject.kind == "Pod"
	p.contradicting == []
}

test_failed_mount_is_cited_with_its_time if {
	p := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "status": {}}
	some h in config_missing.hypothesis with input as fixtures.indexed(object.union(base, {
		"objects": {"Pod": {"shop": {"api-1": p}}},
		"events_by_object": {"Pod/shop/api-1": [{"reason": "FailedMount", "message": "configmap \"api-config\" not found", "count": 3, "firstTime": "2026-11-01T10:00:00Z", "time": "2026-11-01T10:02:00Z"}]},
	}))
	h.subject.kind == "Pod"
	h.supporting[0].event == "FailedMount"
	h.supporting[0].time == "2026-11-01T10:00:00Z"
}

test_missing_configmap_key_is_the_pods_cause_only if {
	msg := "couldn't find key DATABASE_URL in ConfigMap shop/api-config"
	p := object.union(pod, {"status": {"containerStatuses": [{"name": "api", "state": {"waiting": {"reason": "CreateContainerConfigError", "message": msg}}}]}})
	hs := config_missing.hypothesis with input as fixtures.indexed(object.union(base, {"objects": {"Pod": {"shop": {"api-1": p}}, "ConfigMap": {"shop": {"api-config": {}}}}}))
	count(hs) == 1
	some h in hs
	h.subject.kind == "Pod"
	h.summary == "pod api-1 cannot start: key DATABASE_URL of ConfigMap api-config is missing"
}

# A pull that fails while the kubelet cannot read the pod's image pull
# Secret: the missing Secret explains the pull failure.
test_missing_image_pull_secret_explains_the_pull_failure if {
	p := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "status": {"containerStatuses": [{"name": "api", "state": {"waiting": {"reason": "ImagePullBackOff", "message": "Back-off pulling image"}}}]}}
	inp := json.patch(base, [
		{"op": "replace", "path": "/objects/Pod/shop/api-1", "value": p},
		{"op": "replace", "path": "/events_by_object", "value": {"Pod/shop/api-1": [{"reason": "FailedToRetrieveImagePullSecret", "message": "Unable to retrieve some image pull secrets (ghcr-pull, quay-pull); attempting to pull the image may not succeed.", "count": 4, "firstTime": "2026-11-01T10:00:00Z", "time": "2026-11-01T10:02:00Z"}]}},
	])
	hs := config_missing.hypothesis with input as fixtures.indexed(inp)
	some s in hs
	s.subject == {"apiVersion": "v1", "kind": "Secret", "namespace": "shop", "name": "quay-pull"}
	s.status == "supported"
	{"cause": "image-pull-failed", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1"}} in s.explains
	count([x | some x in hs; x.subject.kind == "Secret"]) == 2
}

# The same warning for a pod that pulls fine is noise (a public image).
test_pull_secret_warning_without_pull_failure_is_silent if {
	p := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "status": {"containerStatuses": [{"name": "api", "state": {"running": {}}}]}}
	inp := json.patch(base, [
		{"op": "replace", "path": "/objects/Pod/shop/api-1", "value": p},
		{"op": "replace", "path": "/events_by_object", "value": {"Pod/shop/api-1": [{"reason": "FailedToRetrieveImagePullSecret", "message": "Unable to retrieve some image pull secrets (ghcr-pull); attempting to pull the image may not succeed.", "count": 1, "time": "2026-11-01T10:00:00Z"}]}},
	])
	count(config_missing.hypothesis) == 0 with input as fixtures.indexed(inp)
}

# A ConfigMap or Secret volume's item names a key the object lacks: the
# kubelet names the volume, the pod's spec the object. The key is missing,
# not the storage: config-missing's, never volume-unavailable's.
test_volume_item_key_missing if {
	every tc in [
		{"msg": "MountVolume.SetUp failed for volume \"cfg\" : configmap references non-existent config key: app.yaml", "vol": {"name": "cfg", "configMap": {"name": "api-config"}}, "want": "key app.yaml of ConfigMap api-config"},
		{"msg": "MountVolume.SetUp failed for volume \"certs\" : references non-existent secret key: tls.crt", "vol": {"name": "certs", "secret": {"secretName": "api-tls"}}, "want": "key tls.crt of Secret api-tls"},
	] {
		p := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "spec": {"volumes": [tc.vol]}, "status": {"phase": "Pending"}}
		doc := fixtures.indexed({
			"objects": {"Pod": {"shop": {"api-1": p}}, "ConfigMap": {"shop": {"api-config": {}}}, "Secret": {"shop": {"api-tls": {}}}},
			"events_by_object": {"Pod/shop/api-1": [{"reason": "FailedMount", "type": "Warning", "message": tc.msg, "count": 8, "firstTime": "2026-11-01T10:00:00Z", "time": "2026-11-01T10:02:00Z"}]},
			"pod_services": {}, "bundle": base.bundle,
		})
		[h] := [h | some h in config_missing.hypothesis] with input as doc
		h.summary == sprintf("pod api-1 cannot start: %s is missing", [tc.want])
		h.repair.owner == "repository"
		count(data.rift.rules.volume_unavailable.hypothesis) == 0 with input as doc
	}
}
