package rift.rules.rollout_blocked_test

import data.rift.rules.rollout_blocked

sts(strategy) := {
	"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "kafka", "namespace": "kafka"},
	"spec": {"replicas": 2, "updateStrategy": strategy},
	"status": {"currentRevision": "old", "updateRevision": "new", "updatedReplicas": 0},
}

pod(name, rev, ready) := {
	"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "kafka", "labels": {"controller-revision-hash": rev}},
	"status": {"conditions": [{"type": "Ready", "status": ready}], "containerStatuses": [{"name": "kafka", "restartCount": 0}]},
}

pods(ready0) := {"kafka-0": pod("kafka-0", "old", ready0), "kafka-1": pod("kafka-1", "old", "True")}

test_unready_old_pod_blocks if {
	some h in rollout_blocked.hypothesis with input as {"objects": {"StatefulSet": {"kafka": {"kafka": sts({"type": "RollingUpdate"})}}, "Pod": {"kafka": pods("False")}}, "workloads": {}}
	contains(h.summary, "kafka-0 is not Ready")
	{"cause": "probe-failing", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "kafka", "name": "kafka-0"}} in h.explains
	h.repair.owner == "controller-action"
	count(h.repair.preconditions) == 4
}

test_on_delete_blocks_with_workload_pods if {
	some h in rollout_blocked.hypothesis with input as {
		"objects": {"StatefulSet": {"kafka": {"kafka": sts({"type": "OnDelete"})}}, "Pod": {"kafka": pods("True")}},
		"workloads": {"StatefulSet/kafka/kafka": {"pods": [{"name": "kafka-0"}, {"name": "kafka-1"}], "divergences": [{"between": ["controller", "runtime"], "object": {"kind": "Pod", "namespace": "kafka", "name": "kafka-0"}, "path": "spec.containers[name=kafka].readinessProbe", "expected": {"tcpSocket": {}}, "observed": {"exec": {}}}]}},
	}
	contains(h.summary, "OnDelete")
	contains(h.summary, `never reached the pods: spec.containers[name=kafka].readinessProbe is {"exec":{}} on kafka-0 (template {"tcpSocket":{}})`)
	some s in h.supporting
	contains(s.message, "controller has")
}

test_partition_blocks if {
	some h in rollout_blocked.hypothesis with input as {"objects": {"StatefulSet": {"kafka": {"kafka": sts({"type": "RollingUpdate", "rollingUpdate": {"partition": 2}})}}, "Pod": {"kafka": pods("True")}}, "workloads": {}}
	contains(h.summary, "partition 2")
}

test_rolling_update_in_flight_negative if {
	count(rollout_blocked.hypothesis) == 0 with input as {"objects": {"StatefulSet": {"kafka": {"kafka": sts({"type": "RollingUpdate"})}}, "Pod": {"kafka": pods("True")}}, "workloads": {}}
}

test_converged_negative if {
	s := json.patch(sts({"type": "OnDelete"}), [{"op": "replace", "path": "/status/currentRevision", "value": "new"}])
	count(rollout_blocked.hypothesis) == 0 with input as {"objects": {"StatefulSet": {"kafka": {"kafka": s}}, "Pod": {"kafka": pods("False")}}, "workloads": {}}
}

test_paused_deployment if {
	d := {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "shop"}, "spec": {"paused": true, "replicas": 3}, "status": {"updatedReplicas": 1}}
	some h in rollout_blocked.hypothesis with input as {"objects": {"Deployment": {"shop": {"web": d}}}, "workloads": {}}
	h.subject.kind == "Deployment"
	d2 := json.patch(d, [{"op": "replace", "path": "/spec/paused", "value": false}])
	count(rollout_blocked.hypothesis) == 0 with input as {"objects": {"Deployment": {"shop": {"web": d2}}}, "workloads": {}}
}

# Parallel pod management replaces an unready old pod itself: not blocked.
test_parallel_policy_not_blocked_by_unready_pod if {
	s := json.patch(sts({"type": "RollingUpdate"}), [{"op": "add", "path": "/spec/podManagementPolicy", "value": "Parallel"}])
	count(rollout_blocked.hypothesis) == 0 with input as {"objects": {"StatefulSet": {"kafka": {"kafka": s}}, "Pod": {"kafka": pods("False")}}, "workloads": {}}
}

test_long_values_are_shortened if {
	long := concat("", ["x" | some _ in numbers.range(1, 100)])
	div := {"between": ["controller", "runtime"], "object": {"kind": "Pod", "namespace": "kafka", "name": "kafka-1"}, "path": "spec.x", "expected": long, "observed": "y"}
	some h in rollout_blocked.hypothesis with input as {
		"objects": {"StatefulSet": {"kafka": {"kafka": sts({"type": "OnDelete"})}}, "Pod": {"kafka": pods("True")}},
		"workloads": {"StatefulSet/kafka/kafka": {"pods": [{"name": "kafka-0"}, {"name": "kafka-1"}], "divergences": [div, object.union(div, {"object": {"name": "kafka-0"}})]}},
	}
	contains(h.summary, `spec.x is "y" on kafka-0, kafka-1 (template "xxxxxxxx`)
	contains(h.summary, `xxx...)`)
}
