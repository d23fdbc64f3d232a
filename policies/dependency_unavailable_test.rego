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
