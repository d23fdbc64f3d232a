package rift.rules.no_endpoints_test

import data.rift.rules.no_endpoints

svc := {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "kafka", "namespace": "kafka"}, "spec": {"selector": {"app": "kafka"}}}

pod(ready) := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "kafka-0", "namespace": "kafka"}, "status": {"conditions": [{"type": "Ready", "status": ready}]}}

test_no_ready_pod if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": ["kafka-0"]}, "objects": {"Service": {"kafka": {"kafka": svc}}, "Pod": {"kafka": {"kafka-0": pod("False")}}}}
	contains(h.summary, "none Ready")
	h.repair.owner == "none"
	{"cause": "dependency-unavailable", "subject": {"apiVersion": "v1", "kind": "Service", "namespace": "kafka", "name": "kafka"}} in h.explains
}

test_selector_matches_nothing if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}}
	contains(h.summary, "matches nothing")
	h.repair.owner == "repository"
}

test_ready_pod_negative if {
	count(no_endpoints.hypothesis) == 0 with input as {"service_pods": {"kafka/kafka": ["kafka-0"]}, "objects": {"Service": {"kafka": {"kafka": svc}}, "Pod": {"kafka": {"kafka-0": pod("True")}}}}
}

test_selector_matches_nothing_with_failing_caller if {
	some h in no_endpoints.hypothesis with input as {
		"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}},
		"logs": {"shop/api-1": [{"file": "f", "lines": ["dial tcp kafka.kafka:9092: connect: connection refused"]}]},
	}
	h.status == "supported"
	count(h.supporting) == 2
}
