package rift.rules.probe_failing_test

import data.rift.fixtures
import data.rift.rules.probe_failing

pod(ready) := {
	"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "kafka-0", "namespace": "kafka"},
	"spec": {"containers": [{
		"name": "kafka",
		"readinessProbe": {"exec": {"command": ["kafka-broker-api-versions.sh"]}, "timeoutSeconds": 1},
		"livenessProbe": {"tcpSocket": {"port": 9092}},
	}]},
	"status": {"conditions": [{"type": "Ready", "status": ready}]},
}

ev(msg) := {"reason": "Unhealthy", "message": msg, "count": 3, "time": "2026-01-01T00:00:00Z"}

test_readiness_failing if {
	some h in probe_failing.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"kafka": {"kafka-0": pod("False")}}}, "pod_services": {},
		"events_by_object": {"Pod/kafka/kafka-0": [ev("Readiness probe failed: command timed out")]},
	})
	contains(h.summary, "command timed out")
	count(h.contradicting) == 0
	count(h.explains) == 0
	some s in h.supporting
	contains(s.message, "timeoutSeconds 1")
}

test_liveness_explains_crash_loop_and_ready_contradicts if {
	some h in probe_failing.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"kafka": {"kafka-0": pod("True")}}}, "pod_services": {},
		"events_by_object": {"Pod/kafka/kafka-0": [ev("Liveness probe failed: connection refused")]},
	})
	count(h.contradicting) == 1
	{"cause": "crash-loop", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "kafka", "name": "kafka-0"}} in h.explains
}

test_no_unhealthy_events if {
	count(probe_failing.hypothesis) == 0 with input as fixtures.indexed({
		"objects": {"Pod": {"kafka": {"kafka-0": pod("False")}}}, "pod_services": {},
		"events_by_object": {"Pod/kafka/kafka-0": [{"reason": "Pulled", "message": "pulled", "count": 1, "time": ""}]},
	})
}

test_startup_refusal_below_threshold_is_noise if {
	one := {"reason": "Unhealthy", "message": "Readiness probe failed: Get \"http://10.0.0.2:8080/healthz\": dial tcp 10.0.0.2:8080: connect: connection refused", "count": 1, "time": "2026-01-01T00:00:00Z", "object": {"fieldPath": "spec.containers{kafka}"}}
	count(probe_failing.hypothesis) == 0 with input as fixtures.indexed({
		"objects": {"Pod": {"kafka": {"kafka-0": pod("True")}}}, "pod_services": {},
		"events_by_object": {"Pod/kafka/kafka-0": [one]},
	})
	tripping := object.union(one, {"count": 3})
	count(probe_failing.hypothesis) == 1 with input as fixtures.indexed({
		"objects": {"Pod": {"kafka": {"kafka-0": pod("False")}}}, "pod_services": {},
		"events_by_object": {"Pod/kafka/kafka-0": [tripping]},
	})
}
