# METADATA
# title: Container killed for memory
# description: >-
#   A container was terminated with reason OOMKilled: its memory limit is
#   below what it uses. This explains the crash loop and probe failures of
#   the same pod.
# custom:
#   id: oom-killed
#   cause: oom-killed
#   layer: runtime
#   stage: started
#   weight: 60
package rift.rules.oom_killed

import data.rift.lib

hypothesis contains h if {
	some pod in lib.pods_with_reason({"OOMKilled"})
	ns := pod.metadata.namespace
	name := pod.metadata.name
	some s in lib.statuses(pod)
	term := oom_termination(s)
	limit := memory_limit(pod, s.name)
	h := {
		"subject": lib.ref(pod),
		"summary": sprintf("container %s of pod %s was OOMKilled %s", [s.name, name, under(limit)]),
		"supporting": [
			lib.field_at(pod, lib.status_path(pod, s), sprintf("terminated OOMKilled, exit code %v, %s", [object.get(term, "exitCode", 137), lib.count_of(object.get(s, "restartCount", 0), "restart")]), object.get(term, "finishedAt", "")),
			lib.field(pod, sprintf("spec.containers[name=%s].resources.limits.memory", [s.name]), sprintf("the running pod's memory limit is %s", [limit])),
		],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get pod %s -n %s -o jsonpath={.spec.containers[?(@.name==\"%s\")].resources.limits.memory}", [name, ns, s.name]),
		"repair": lib.repair(
			"repository",
			sprintf("raise the memory limit of container %s (or bound the process's heap, e.g. GOMEMLIMIT) in Git, then confirm the new limit reached the running pod", [s.name]),
			["the node has allocatable memory for the new limit", "for a StatefulSet: storage, ordinals, replication and disruption budgets are checked before any pod is replaced"],
			["the new pod is OOMKilled again", "the pod stays Pending for lack of memory"],
			"revert the commit",
			[
				lib.accept("controller", "the workload template carries the new limit"),
				lib.accept("runtime", sprintf("the running pod's spec shows the new limit; no OOMKilled for %s", [s.name])),
			],
		),
		"explains": ({lib.explain(c, lib.ref(pod)) | some c in {"crash-loop", "probe-failing"}} | lib.serving_explains(pod)),
	}
}

oom_termination(s) := s.lastState.terminated if s.lastState.terminated.reason == "OOMKilled"

else := s.state.terminated if s.state.terminated.reason == "OOMKilled"

memory_limit(pod, container) := [l |
	some c in array.concat(object.get(pod.spec, "initContainers", []), pod.spec.containers)
	c.name == container
	l := c.resources.limits.memory
][0] if true

else := "unset"

# A pod Ready again after an OOM kill is not failing now, but the kill
# happened under the same limit and may recur: open, not contradicted.

# under says which memory bound killed the container.
under(limit) := "with no memory limit set: the node itself ran short of memory" if limit == "unset"

else := sprintf("under its %s memory limit", [limit])
