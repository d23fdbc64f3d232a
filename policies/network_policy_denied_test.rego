package rift.rules.network_policy_denied_test

import data.rift.rules.network_policy_denied

client := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}, "status": {"podIP": "10.0.1.9"}}

backend := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "redis-0", "namespace": "shop"}, "spec": {"containers": [{"name": "redis", "ports": [{"name": "redis", "containerPort": 6379}]}]}, "status": {"podIP": "10.0.1.5"}}

policy(name, ts) := {"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy", "metadata": {"name": name, "namespace": "shop", "creationTimestamp": ts}}

ref(name) := {"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy", "namespace": "shop", "name": name}

rule(over) := object.union({"all": false, "pods": {}, "cidrs": [], "ports": [], "unresolved": []}, over)

# base is a client that timed out dialling Service redis, whose one pod
# is isolated for ingress by default-deny (no rules) and, when given,
# allow (with rules).
base(rules, line) := {
	"logs": {"shop/api-1": [{"container": "api", "file": "logs/shop/api-1/api.log", "lines": [line]}]},
	"objects": {
		"Pod": {"shop": {"api-1": client, "redis-0": backend}},
		"Service": {"shop": {"redis": {"spec": {"clusterIP": "10.96.7.7", "ports": [{"port": 6379, "targetPort": "redis"}]}}}},
		"NetworkPolicy": {"shop": {"default-deny": policy("default-deny", "2026-11-10T15:58:00Z"), "allow": policy("allow", "2026-11-01T00:00:00Z")}},
	},
	"service_pods": {"shop/redis": ["redis-0"]},
	"network_policies": {
		"ingress": {"shop/redis-0": ["shop/allow", "shop/default-deny"]},
		"egress": {},
		"policies": {
			"shop/default-deny": {"ref": ref("default-deny"), "ingress": [], "egress": []},
			"shop/allow": {"ref": ref("allow"), "ingress": rules, "egress": []},
		},
	},
}

timeout := "2026-11-10T16:00:32Z error: dial tcp 10.96.7.7:6379: i/o timeout"

test_ingress_denied_names_the_newest_isolating_policy if {
	some h in network_policy_denied.hypothesis with input as base([rule({"pods": {"shop/web-1": true}})], timeout)
	h.subject == ref("default-deny")
	contains(h.summary, "isolates pod shop/redis-0 for ingress and no policy admits pod shop/api-1 on port 6379")
	h.repair.owner == "repository"
	{"cause": "dependency-unavailable", "subject": {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "redis"}} in h.explains
	count(h.supporting) == 3
	h.contradicting == []
}

# Created in one apply, the policy with no rule for the side is named.
test_same_time_names_the_pure_deny if {
	inp := json.patch(base([rule({"pods": {"shop/web-1": true}})], timeout), [{"op": "replace", "path": "/objects/NetworkPolicy/shop/allow/metadata/creationTimestamp", "value": "2026-11-10T15:58:00Z"}, {"op": "add", "path": "/network_policies/ingress/shop~1redis-0/-", "value": "shop/zz-allow"}, {"op": "add", "path": "/network_policies/policies/shop~1zz-allow", "value": {"ref": ref("zz-allow"), "ingress": [rule({})], "egress": []}}, {"op": "add", "path": "/objects/NetworkPolicy/shop/zz-allow", "value": policy("zz-allow", "2026-11-10T15:58:00Z")}])
	some h in network_policy_denied.hypothesis with input as inp
	h.subject == ref("default-deny")
}

test_rule_admitting_the_client_pod_is_silent if {
	count(network_policy_denied.hypothesis) == 0 with input as base([rule({"pods": {"shop/api-1": true}})], timeout)
}

test_rule_for_another_port_denies if {
	count(network_policy_denied.hypothesis) == 1 with input as base([rule({"all": true, "ports": [{"protocol": "TCP", "port": 8080}]})], timeout)
}

# The policy names the port the Service's targetPort names: redis.
test_named_port_admits if {
	count(network_policy_denied.hypothesis) == 0 with input as base([rule({"all": true, "ports": [{"protocol": "TCP", "port": "redis"}]})], timeout)
}

test_port_range_admits if {
	count(network_policy_denied.hypothesis) == 0 with input as base([rule({"all": true, "ports": [{"protocol": "TCP", "port": 6000, "endPort": 7000}]})], timeout)
}

test_udp_port_does_not_admit_tcp if {
	count(network_policy_denied.hypothesis) == 1 with input as base([rule({"all": true, "ports": [{"protocol": "UDP", "port": 6379}]})], timeout)
}

test_ip_block_admits_unless_excepted if {
	count(network_policy_denied.hypothesis) == 0 with input as base([rule({"cidrs": [{"cidr": "10.0.0.0/16", "except": []}]})], timeout)
	count(network_policy_denied.hypothesis) == 1 with input as base([rule({"cidrs": [{"cidr": "10.0.0.0/16", "except": ["10.0.1.0/24"]}]})], timeout)
}

# A namespace selector the bundle could not resolve may admit the client.
test_unresolved_selector_is_silent if {
	count(network_policy_denied.hypothesis) == 0 with input as base([rule({"unresolved": ["shop"]})], timeout)
	count(network_policy_denied.hypothesis) == 1 with input as base([rule({"unresolved": ["monitoring"]})], timeout)
}

test_pod_not_isolated_is_silent if {
	inp := base([], timeout)
	count(network_policy_denied.hypothesis) == 0 with input as json.patch(inp, [{"op": "replace", "path": "/network_policies/ingress", "value": {}}])
}

test_egress_denied_by_the_clients_policy if {
	inp := object.union(base([rule({"all": true})], timeout), {"network_policies": {"egress": {"shop/api-1": ["shop/default-deny"]}}})
	some h in network_policy_denied.hypothesis with input as inp
	contains(h.summary, "isolates pod shop/api-1 for egress and no policy admits pod shop/redis-0 on port 6379")
	contains(h.repair.action, "egress to pod shop/redis-0")
}

# One backend the policies admit is a path: no denial.
test_one_admitted_backend_is_silent if {
	other := object.union(backend, {"metadata": {"name": "redis-1"}})
	inp := object.union(base([], timeout), {
		"objects": {"Pod": {"shop": {"redis-1": other}}},
		"service_pods": {"shop/redis": ["redis-0", "redis-1"]},
	})
	count(network_policy_denied.hypothesis) == 0 with input as inp
}

test_refused_connection_is_contradicting if {
	some h in network_policy_denied.hypothesis with input as base([], "dial tcp 10.96.7.7:6379: connect: connection refused")
	contains(h.contradicting[0].message, "refused, not timed out")
}

test_port_the_service_does_not_declare_is_silent if {
	count(network_policy_denied.hypothesis) == 0 with input as base([], "dial tcp 10.96.7.7:6380: i/o timeout")
}

# A pod dialled by its address is its own backend.
test_pod_target if {
	inp := json.patch(base([], "dial tcp 10.0.1.5:6379: i/o timeout"), [{"op": "add", "path": "/addresses", "value": {"10.0.1.5": [{"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "redis-0"}]}}])
	some h in network_policy_denied.hypothesis with input as inp
	h.subject == ref("default-deny")
	{"cause": "dependency-unavailable", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "redis-0"}} in h.explains
}

# Egress isolated with no rule for port 53: every lookup times out.
dns_input(rules) := {
	"logs": {"shop/api-1": [{"container": "api", "file": "logs/shop/api-1/api.log", "lines": ["dial tcp: lookup api.stripe.com on 10.96.0.10:53: read udp 10.0.1.9:43120->10.96.0.10:53: i/o timeout"]}]},
	"objects": {"Pod": {"shop": {"api-1": client}}, "NetworkPolicy": {"shop": {"egress": policy("egress", "2026-11-10T15:58:00Z")}}},
	"network_policies": {"ingress": {}, "egress": {"shop/api-1": ["shop/egress"]}, "policies": {"shop/egress": {"ref": ref("egress"), "ingress": [], "egress": rules}}},
}

test_egress_without_dns_explains_the_lookup_failure if {
	some h in network_policy_denied.hypothesis with input as dns_input([rule({"all": true, "ports": [{"protocol": "TCP", "port": 443}]})])
	h.subject == ref("egress")
	contains(h.summary, "no policy admits DNS (port 53): its lookup of api.stripe.com times out")
	{"cause": "dns-resolution-failed", "subject": {"apiVersion": "", "kind": "Host", "namespace": "", "name": "api.stripe.com"}} in h.explains
}

test_egress_admitting_dns_is_silent if {
	count(network_policy_denied.hypothesis) == 0 with input as dns_input([rule({"all": true, "ports": [{"protocol": "UDP", "port": 53}]})])
}
