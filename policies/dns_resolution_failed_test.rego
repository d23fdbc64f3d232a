package rift.rules.dns_resolution_failed_test

import data.rift.rules.dns_resolution_failed

es := {
	"apiVersion": "external-secrets.io/v1beta1", "kind": "ExternalSecret", "metadata": {"name": "app", "namespace": "shop"},
	"status": {"conditions": [{
		"type": "Ready", "status": "False", "reason": "SecretSyncedError",
		"message": "dial tcp: lookup vault.internal.example on 10.96.0.10:53: no such host",
	}]},
}

test_condition_explains_external_secret if {
	some h in dns_resolution_failed.hypothesis with input as {"objects": {"ExternalSecret": {"shop": {"app": es}}}, "events_by_object": {}, "logs": {}}
	h.subject == {"apiVersion": "", "kind": "Host", "namespace": "", "name": "vault.internal.example"}
	{"cause": "external-secret-failed", "subject": {"apiVersion": "external-secrets.io/v1beta1", "kind": "ExternalSecret", "namespace": "shop", "name": "app"}} in h.explains
}

test_event_and_log if {
	ev := {
		"type": "Warning", "reason": "GitOperationFailed", "time": "", "message": "Could not resolve host: github.example",
		"object": {"apiVersion": "source.toolkit.fluxcd.io/v1", "kind": "GitRepository", "namespace": "flux-system", "name": "app", "uid": "", "fieldPath": ""},
	}
	hs := dns_resolution_failed.hypothesis with input as {
		"objects": {"Pod": {"shop": {"api-1": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}}}}},
		"events_by_object": {"GitRepository/flux-system/app": [ev]},
		"events_by_type": {"Warning": [ev]},
		"logs": {"shop/api-1": [{"file": "f", "lines": ["getaddrinfo ENOTFOUND redis.shop"]}]},
	}
	count(hs) == 2
	some h in hs
	h.subject.name == "redis.shop"
	{"cause": "crash-loop", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1"}} in h.explains
}

test_other_failure_negative if {
	ok := json.patch(es, [{"op": "replace", "path": "/status/conditions/0/message", "value": "secret not found in provider"}])
	count(dns_resolution_failed.hypothesis) == 0 with input as {"objects": {"ExternalSecret": {"shop": {"app": ok}}}, "events_by_object": {}, "logs": {}}
}

# The rule cites the log line of the pod that reported it; whether that is
# history is the engine's judgement, from the line's time and the pod's
# readiness.
test_healthy_reporter_is_cited if {
	ready := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}}
	some h in dns_resolution_failed.hypothesis with input as {
		"objects": {"Pod": {"shop": {"api-1": ready}}}, "events_by_object": {},
		"logs": {"shop/api-1": [{"file": "f", "lines": ["lookup redis.shop on 10.96.0.10:53: server misbehaving"]}]},
	}
	h.contradicting == []
	h.supporting[0].object.name == "api-1"
	h.supporting[0].file == "f"
}

test_duplicate_condition_first_wins if {
	ok := json.patch(es, [{"op": "add", "path": "/status/conditions/-", "value": {"type": "Ready", "status": "True"}}])
	count(dns_resolution_failed.hypothesis) == 1 with input as {"objects": {"ExternalSecret": {"shop": {"app": ok}}}, "events_by_object": {}, "logs": {}}
}

# A cluster-local name of a Service that does not exist is the missing
# Service, repaired in Git, not a DNS failure.
test_missing_in_cluster_service if {
	inp := {
		"bundle": {"notCollectedResources": {}},
		"logs": {"shop/api-1": [{"container": "api", "file": "logs/shop/api-1/api.log", "lines": ["dial tcp: lookup orders-db.shop.svc.cluster.local on 10.96.0.10:53: no such host"]}]},
		"objects": {"Pod": {"shop": {"api-1": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}}}}, "Service": {"shop": {"api": {}}}},
		"events_by_type": {},
	}
	some h in dns_resolution_failed.hypothesis with input as inp
	h.subject == {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "orders-db"}
	h.status == "supported"
	h.repair.owner == "repository"
	contains(h.repair.action, "(Services in shop: api)")
	{"cause": "crash-loop", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1"}} in h.explains
	not any_host(inp)
}

any_host(inp) if {
	some h in dns_resolution_failed.hypothesis with input as inp
	h.subject.kind == "Host"
}

# The Service exists: the cluster DNS is at fault, as for any host.
test_existing_in_cluster_service_is_a_dns_failure if {
	inp := {
		"bundle": {"notCollectedResources": {}},
		"logs": {"shop/api-1": [{"container": "api", "file": "logs/shop/api-1/api.log", "lines": ["lookup orders-db.shop.svc.cluster.local: server misbehaving"]}]},
		"objects": {"Pod": {"shop": {"api-1": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}}}}, "Service": {"shop": {"orders-db": {}}}},
		"events_by_type": {},
	}
	some h in dns_resolution_failed.hypothesis with input as inp
	h.subject.kind == "Host"
}

# busybox (nc, wget) says "bad address" for a name it cannot resolve.
test_busybox_bad_address if {
	inp := {
		"bundle": {"notCollectedResources": {}},
		"logs": {"shop/api-1": [{"container": "wait", "file": "logs/shop/api-1/wait.log", "lines": ["nc: bad address 'seed.shop.svc.cluster.local'"]}]},
		"objects": {"Pod": {"shop": {"api-1": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}}}}, "Service": {"shop": {"api": {}}}},
		"events_by_type": {},
	}
	some h in dns_resolution_failed.hypothesis with input as inp
	h.subject == {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "seed"}
}

# Go's resolver names the server and the UDP read that timed out.
test_lookup_timeout_with_udp_read if {
	inp := {
		"bundle": {"notCollectedResources": {}},
		"logs": {"shop/api-1": [{"container": "api", "file": "logs/shop/api-1/api.log", "lines": ["dial tcp: lookup api.stripe.com on 10.96.0.10:53: read udp 10.0.1.9:43120->10.96.0.10:53: i/o timeout"]}]},
		"objects": {"Pod": {"shop": {"api-1": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}}}}},
		"events_by_type": {},
	}
	some h in dns_resolution_failed.hypothesis with input as inp
	h.subject.name == "api.stripe.com"
}
