package rift.rules.oom_killed_test

import data.rift.fixtures
import data.rift.rules.oom_killed

pod(last, state) := {
	"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "tempo-0", "namespace": "tracing"},
	"spec": {"containers": [{"name": "tempo", "resources": {"limits": {"memory": "384Mi"}}}]},
	"status": {"containerStatuses": [{"name": "tempo", "restartCount": 4, "lastState": last, "state": state}]},
}

test_oom_last_state if {
	p := pod({"terminated": {"reason": "OOMKilled", "exitCode": 137}}, {"waiting": {"reason": "CrashLoopBackOff"}})
	some h in oom_killed.hypothesis with input as fixtures.indexed({"objects": {"Pod": {"tracing": {"tempo-0": p}}}, "pod_services": {}})
	contains(h.summary, "384Mi")
	{"cause": "crash-loop", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "tracing", "name": "tempo-0"}} in h.explains
}

test_oom_current_state_unset_limit if {
	p := json.patch(pod({}, {"terminated": {"reason": "OOMKilled"}}), [{"op": "remove", "path": "/spec/containers/0/resources"}])
	some h in oom_killed.hypothesis with input as fixtures.indexed({"objects": {"Pod": {"tracing": {"tempo-0": p}}}, "pod_services": {}})
	contains(h.summary, "with no memory limit set")
}

test_oom_negative if {
	p := pod({"terminated": {"reason": "Error", "exitCode": 1}}, {"running": {}})
	count(oom_killed.hypothesis) == 0 with input as fixtures.indexed({"objects": {"Pod": {"tracing": {"tempo-0": p}}}, "pod_services": {}})
}

# A past OOM kill of a pod that is Ready now is cited with the time it
# ended; whether it is history is the engine's judgement, made once for
# every rule, not this rule's.
test_oom_then_ready_cites_its_time if {
	p := object.union(pod({"terminated": {"reason": "OOMKilled", "exitCode": 137, "finishedAt": "2026-11-01T10:00:00Z"}}, {"running": {}}), {"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}})
	some h in oom_killed.hypothesis with input as fixtures.indexed({"objects": {"Pod": {"tracing": {"tempo-0": p}}}, "pod_services": {}})
	h.contradicting == []
	h.supporting[0].time == "2026-11-01T10:00:00Z"
}
