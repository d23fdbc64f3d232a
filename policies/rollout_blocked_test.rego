package rift.rules.rollout_blocked_test

import data.rift.rules.rollout_blocked

sts(strategy) := {
	"apiVersion": "apps/v1", "kind": "StatefulSet", "metadata": {"name": "kafka", "namespace": "kafka"},
	"spec": {"replicas": 2, "updateStrategy": strategy, "selector": {"matchLabels": {"app": "kafka"}}},
	"status": {"currentRevision": "old", "updateRevision": "new", "updatedReplicas": 0},
}

pod(name, rev, ready) := {
	"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": "kafka", "labels": {"controller-revision-hash": rev}},
	"status": {"conditions": [{"type": "Ready", "status": ready}], "containerStatuses": [{"name": "kafka", "restartCount": 0}]},
}

pods(ready0) := {"kafka-0": pod("kafka-0", "old", ready0), "kafka-1": pod("kafka-1", "old", "True")}

# workload is the layers' verdict on the StatefulSet, as input.workloads
# carries it.
workload(convergence, blocker, reason) := {
	"ref": {"apiVersion": "apps/v1", "kind": "StatefulSet", "namespace": "kafka", "name": "kafka"},
	"convergence": convergence, "blocker": blocker, "convergenceReason": reason,
	"pods": [
		{"name": "kafka-0", "revision": "old", "current": false, "ready": false, "restarts": 4},
		{"name": "kafka-1", "revision": "old", "current": false, "ready": true, "restarts": 0},
	],
}

given(strategy, ready0, w) := {
	"objects": {"StatefulSet": {"kafka": {"kafka": sts(strategy)}}, "Pod": {"kafka": pods(ready0)}},
	"workloads": {"StatefulSet/kafka/kafka": w},
}

test_unready_old_pod_blocks if {
	w := workload("blocked", "orderedReady", "Pod kafka/kafka-0 (revision old) is not Ready")
	some h in rollout_blocked.hypothesis with input as given({"type": "RollingUpdate"}, "False", w)
	contains(h.summary, "kafka-0 (revision old) is not Ready")
	{"cause": "probe-failing", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "kafka", "name": "kafka-0"}} in h.explains
	h.repair.owner == "controller-action"
	contains(h.repair.action, "delete only pod kafka-0")
	count(h.repair.preconditions) == 4
	some s in h.supporting
	s.path == "spec.podManagementPolicy"
}

test_on_delete_blocks_with_divergences if {
	w := object.union(workload("blocked", "onDelete", "updateStrategy OnDelete"), {"divergences": [{"between": ["controller", "runtime"], "object": {"kind": "Pod", "namespace": "kafka", "name": "kafka-0"}, "path": "spec.containers[name=kafka].readinessProbe", "expected": {"tcpSocket": {}}, "observed": {"exec": {}}}]})
	some h in rollout_blocked.hypothesis with input as given({"type": "OnDelete"}, "True", w)
	contains(h.summary, "OnDelete")
	contains(h.summary, `never reached the pods: spec.containers[name=kafka].readinessProbe is {"exec":{}} on kafka-0 (template {"tcpSocket":{}})`)
	some s in h.supporting
	contains(s.message, "controller has")
}

test_on_delete_daemonset if {
	ds := {
		"apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "agent", "namespace": "obs"},
		"spec": {"updateStrategy": {"type": "OnDelete"}, "selector": {"matchLabels": {"app": "agent"}}},
	}
	p := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "agent-x", "namespace": "obs"}, "status": {}}
	w := {
		"ref": {"apiVersion": "apps/v1", "kind": "DaemonSet", "namespace": "obs", "name": "agent"},
		"convergence": "blocked", "blocker": "onDelete", "convergenceReason": "updateStrategy OnDelete: 0 of 1 pods updated",
		"pods": [{"name": "agent-x", "current": false, "ready": false, "restarts": 7}],
	}
	some h in rollout_blocked.hypothesis with input as {
		"objects": {"DaemonSet": {"obs": {"agent": ds}}, "Pod": {"obs": {"agent-x": p}}},
		"workloads": {"DaemonSet/obs/agent": w},
	}
	h.subject.kind == "DaemonSet"
	contains(h.repair.action, "one node at a time, starting with agent-x")
	{"cause": "oom-killed", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "obs", "name": "agent-x"}} in h.explains
}

test_partition_blocks if {
	w := workload("blocked", "partition", "partition=2 holds ordinals below 2")
	some h in rollout_blocked.hypothesis with input as given({"type": "RollingUpdate", "rollingUpdate": {"partition": 2}}, "True", w)
	contains(h.summary, "partition=2")
	h.repair.owner == "repository"
}

# The rule never judges the controller itself: whatever the objects say,
# a workload the layers call progressing or converged is not blocked.
test_progressing_negative if {
	w := workload("progressing", "", "rolling update: 0 of 2 replicas on updateRevision")
	count(rollout_blocked.hypothesis) == 0 with input as given({"type": "OnDelete"}, "False", w)
}

test_converged_negative if {
	w := workload("converged", "", "2 of 2 replicas ready")
	count(rollout_blocked.hypothesis) == 0 with input as given({"type": "OnDelete"}, "True", w)
}

# A block whose cause is a failing new pod has no blocker: that pod's
# failure is the cause, and its rule explains the block.
test_block_by_failing_pod_negative if {
	w := workload("blocked", "", "maxUnavailable=1 is used up: Pod kafka/kafka-0 is not Ready (ImagePullBackOff)")
	count(rollout_blocked.hypothesis) == 0 with input as given({"type": "RollingUpdate"}, "False", w)
}

test_paused_deployment if {
	d := {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "shop"}, "spec": {"paused": true, "replicas": 3}, "status": {"updatedReplicas": 1}}
	w := {"ref": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"}, "convergence": "blocked", "blocker": "paused", "convergenceReason": "paused (spec.paused=true) with 1 of 3 replicas on the current template"}
	some h in rollout_blocked.hypothesis with input as {"objects": {"Deployment": {"shop": {"web": d}}}, "workloads": {"Deployment/shop/web": w}}
	h.subject.kind == "Deployment"
	contains(h.repair.action, "resume the rollout")
	h.nextCheck == "kubectl get deployment web -n shop -o jsonpath={.spec.paused}"
}

test_long_values_are_shortened if {
	long := concat("", ["x" | some _ in numbers.range(1, 100)])
	div := {"between": ["controller", "runtime"], "object": {"kind": "Pod", "namespace": "kafka", "name": "kafka-1"}, "path": "spec.x", "expected": long, "observed": "y"}
	w := object.union(workload("blocked", "onDelete", "updateStrategy OnDelete"), {"divergences": [div, object.union(div, {"object": {"name": "kafka-0"}})]})
	some h in rollout_blocked.hypothesis with input as given({"type": "OnDelete"}, "True", w)
	contains(h.summary, `spec.x is "y" on kafka-0, kafka-1 (template "xxxxxxxx`)
	contains(h.summary, `xxx...)`)
}

# A Recreate rollout held by an old pod a finalizer keeps: the repair
# goes to whatever owns the finalizer, never a blind removal.
test_recreate_held_by_a_terminating_pod if {
	d := {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "api", "namespace": "shop"}, "spec": {"replicas": 1, "strategy": {"type": "Recreate"}, "selector": {"matchLabels": {"app": "api"}}}, "status": {"updatedReplicas": 0}}
	old := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1-x", "namespace": "shop", "deletionTimestamp": "2026-11-10T15:00:30Z", "finalizers": ["example.com/drain"]}, "status": {}}
	w := {
		"ref": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "api"}, "convergence": "blocked", "blocker": "terminating",
		"convergenceReason": "ProgressDeadlineExceeded: ...; Pod shop/api-1-x has been terminating for 9m30s past its grace period, held by finalizer example.com/drain",
		"pods": [{"name": "api-1-x", "revision": "h1", "current": false, "ready": false, "restarts": 0}],
	}
	some h in rollout_blocked.hypothesis with input as {"objects": {"Deployment": {"shop": {"api": d}}, "Pod": {"shop": {"api-1-x": old}}}, "workloads": {"Deployment/shop/api": w}}
	h.supporting[0].path == "spec.strategy.type"
	h.repair.owner == "controller-action"
	contains(h.repair.action, "old pod api-1-x of Deployment shop/api")
	startswith(h.nextCheck, "kubectl get pods -n shop -o custom-columns=NAME:.metadata.name,DELETED:.metadata.deletionTimestamp")
}
