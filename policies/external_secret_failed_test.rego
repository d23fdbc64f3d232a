package rift.rules.external_secret_failed_test

import data.rift.rules.external_secret_failed

es(status) := {
	"apiVersion": "external-secrets.io/v1beta1", "kind": "ExternalSecret", "metadata": {"name": "app", "namespace": "shop"},
	"spec": {"target": {"name": "app-secrets"}, "secretStoreRef": {"name": "vault"}},
	"status": {"conditions": [{"type": "Ready", "status": status, "reason": "SecretSyncedError", "message": "could not get secret data from provider"}]},
}

test_failed_sync_explains_secret_and_pods if {
	some h in external_secret_failed.hypothesis with input as {
		"objects": {"ExternalSecret": {"shop": {"app": es("False")}}}, "events_by_object": {},
		"referenced_by": {"Secret/shop/app-secrets": [{"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1", "path": "spec.containers[name=api].envFrom"}]},
	}
	{"cause": "config-missing", "subject": {"apiVersion": "v1", "kind": "Secret", "namespace": "shop", "name": "app-secrets"}} in h.explains
	{"cause": "config-missing", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1"}} in h.explains
}

test_ready_negative if {
	count(external_secret_failed.hypothesis) == 0 with input as {"objects": {"ExternalSecret": {"shop": {"app": es("True")}}}, "events_by_object": {}, "referenced_by": {}}
}
