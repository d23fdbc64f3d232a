package rift.rules.dependency_unavailable_test

import data.rift.rules.dependency_unavailable

pod := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shop"}}

logs(line) := {"shop/api-1": [{"container": "api", "file": "logs/shop/api-1/api.log", "lines": ["starting", line]}]}

test_service_target if {
	some h in dependency_unavailable.hypothesis with input as {
		"logs": logs("dial tcp kafka.kafka.svc.cluster.local:9092: connect: connection refused"),
		"objects": {"Pod": {"shop": {"api-1": pod}}, "Service": {"kafka": {"kafka": {}}}},
	}
	h.subject == {"apiVersion": "v1", "kind": "Service", "namespace": "kafka", "name": "kafka"}
	startswith(h.nextCheck, "kubectl get endpointslices -n kafka")
	h.supporting[0].file == "logs/shop/api-1/api.log"
}

test_external_host if {
	some h in dependency_unavailable.hypothesis with input as {
		"logs": logs("dial tcp db.example.com:5432: i/o timeout"),
		"objects": {"Pod": {"shop": {"api-1": pod}}},
	}
	h.subject.kind == "Host"
	h.nextCheck == "dig +short db.example.com"
}

test_clean_log_negative if {
	count(dependency_unavailable.hypothesis) == 0 with input as {"logs": logs("listening on :8080"), "objects": {"Pod": {"shop": {"api-1": pod}}}}
}

# A refusal reported by a pod that is Ready now: the pod serving
# contradicts an outage; whether the refusal itself is history is the
# engine's judgement, from the line's time and the pod's readiness.
test_refusal_of_ready_pod_is_contradicted_by_its_readiness if {
	ready := object.union(pod, {"kind": "Pod", "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}})
	some h in dependency_unavailable.hypothesis with input as {
		"logs": logs("dial tcp 127.0.0.1:2379: connect: connection refused"),
		"objects": {"Pod": {"shop": {"api-1": ready}}},
	}
	h.supporting[0].object.name == "api-1"
	contains(h.contradicting[0].message, "Ready at capture time")
}

test_cluster_ip_names_its_service if {
	some h in dependency_unavailable.hypothesis with input as {
		"logs": logs("dial error: dial tcp 10.96.41.7:5432: connect: connection refused"),
		"objects": {"Pod": {"shop": {"api-1": pod}}, "Service": {"shop": {
			"orders-db": {"spec": {"clusterIP": "10.96.41.7"}},
			"search": {"spec": {"clusterIP": "None"}},
		}}},
	}
	h.subject == {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "orders-db"}
}

# A loopback address is the pod's own network namespace: the subject is
# the pod, not a host named 127.0.0.1 that dig cannot look up.
test_loopback_names_the_pod_itself if {
	some h in dependency_unavailable.hypothesis with input as {
		"logs": logs("dial tcp 127.0.0.1:15000: connect: connection refused"),
		"objects": {"Pod": {"shop": {"api-1": pod}}},
	}
	h.subject == {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-1"}
	contains(h.summary, "its own loopback")
	h.nextCheck == "kubectl describe pod api-1 -n shop"
}

# On the host network, loopback is the node's: when exactly one other
# host-network pod of the node declares the port, it is the listener.
host_pod(name, node, ports) := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "kube-system"}, "spec": {
	"hostNetwork": true, "nodeName": node,
	"containers": [{"name": "c", "ports": [{"containerPort": p} | some p in ports]}],
}}

host_input(line, pods) := {
	"logs": {"kube-system/kube-apiserver-m0": [{"container": "c", "file": "logs/kube-system/kube-apiserver-m0/c.log", "lines": [line]}]},
	"objects": {"Pod": {"kube-system": {p.metadata.name: p | some p in pods}}},
	"pods_by_node": {"m0": sort([concat("/", ["kube-system", p.metadata.name]) | some p in pods])},
}

test_loopback_of_a_host_network_pod_names_the_pod_declaring_the_port if {
	pods := [host_pod("kube-apiserver-m0", "m0", [6443]), host_pod("etcd-m0", "m0", [2379, 2380])]
	some h in dependency_unavailable.hypothesis with input as host_input("dial tcp 127.0.0.1:2379: connect: connection refused", pods)
	h.subject == {"apiVersion": "v1", "kind": "Pod", "namespace": "kube-system", "name": "etcd-m0"}
	startswith(h.summary, "127.0.0.1 (pod etcd-m0) is unreachable from pod kube-system/kube-apiserver-m0")
	h.nextCheck == "kubectl describe pod etcd-m0 -n kube-system"
}

# No other pod declares the port (or two do): the pod itself.
test_loopback_of_a_host_network_pod_without_one_listener_names_the_pod if {
	every extra in [[], [host_pod("a", "m0", [2379]), host_pod("b", "m0", [2379])]] {
		pods := array.concat([host_pod("kube-apiserver-m0", "m0", [6443])], extra)
		some h in dependency_unavailable.hypothesis with input as host_input("dial tcp 127.0.0.1:2379: connect: connection refused", pods)
		h.subject == {"apiVersion": "v1", "kind": "Pod", "namespace": "kube-system", "name": "kube-apiserver-m0"}
		contains(h.summary, "its own loopback")
	}
}

# An address one pod or node holds names it.
test_address_names_its_one_holder if {
	db := {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "orders-db-0"}
	some h in dependency_unavailable.hypothesis with input as {
		"logs": logs("dial tcp 10.244.1.9:5432: connect: connection refused"),
		"objects": {"Pod": {"shop": {"api-1": pod}}},
		"addresses": {"10.244.1.9": [db]},
	}
	h.subject == db
	startswith(h.summary, "10.244.1.9 (pod orders-db-0) is unreachable from pod shop/api-1")
	h.nextCheck == "kubectl describe pod orders-db-0 -n shop"
}

test_node_address_names_the_node if {
	node := {"apiVersion": "v1", "kind": "Node", "namespace": "", "name": "worker-2"}
	some h in dependency_unavailable.hypothesis with input as {
		"logs": logs("dial tcp 147.75.195.141:2379: i/o timeout"),
		"objects": {"Pod": {"shop": {"api-1": pod}}},
		"addresses": {"147.75.195.141": [node]},
	}
	h.subject == node
	h.nextCheck == "kubectl describe node worker-2"
}

# Two live holders (a stale capture) or none: the address stays a host,
# and the next check asks the cluster who holds it, which dig cannot.
test_ambiguous_or_unknown_address_stays_a_host if {
	a := {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "a"}
	b := {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "b"}
	every ip in ["10.244.1.9", "10.1.2.3"] {
		some h in dependency_unavailable.hypothesis with input as {
			"logs": logs(sprintf("dial tcp %s:5432: connect: connection refused", [ip])),
			"objects": {"Pod": {"shop": {"api-1": pod}}},
			"addresses": {"10.244.1.9": [a, b]},
		}
		h.subject == {"apiVersion": "", "kind": "Host", "namespace": "", "name": ip}
		h.nextCheck == sprintf("kubectl get pods -A -o wide --field-selector status.podIP=%s", [ip])
	}
}
