# METADATA
# title: Container crash loop
# description: >-
#   A container keeps exiting and the kubelet backs off restarting it
#   (CrashLoopBackOff, RunContainerError). Out-of-memory kills and liveness-probe restarts are
#   left to oom-killed and probe-failing, which explain this one.
# custom:
#   id: crash-loop
#   cause: crash-loop
#   layer: runtime
#   stage: started
#   weight: 50
package rift.rules.crash_loop

import data.rift.lib

# RunContainerError alternates with CrashLoopBackOff when the runtime cannot
# start the process at all (exec: executable file not found).
reasons := {"CrashLoopBackOff", "RunContainerError"}

hypothesis contains h if {
	some pod in lib.pods_with_reason(reasons)
	ns := pod.metadata.namespace
	name := pod.metadata.name
	some s in lib.waiting(pod, reasons)
	last := object.get(s, ["lastState", "terminated"], {})
	h := {
		"subject": lib.ref(pod),
		"summary": sprintf("container %s of pod %s restarts in a loop: %s, last exit code %v (%s)", [
			s.name, name, lib.count_of(object.get(s, "restartCount", 0), "restart"),
			object.get(last, "exitCode", "unknown"), object.get(last, "reason", "unknown"),
		]),
		"supporting": [lib.field_at(
			pod, concat("", [lib.status_path(pod, s), ".lastState.terminated"]),
			sprintf("%s after exit code %v: %s", [s.state.waiting.reason, object.get(last, "exitCode", "unknown"), object.get(s.state.waiting, "message", "")]),
			object.get(last, "finishedAt", ""),
		)],
		"contradicting": [],
		"nextCheck": sprintf("kubectl logs %s -n %s -c %s --previous --tail=50", [name, ns, s.name]),
		"repair": lib.repair(
			"repository",
			sprintf("fix the startup failure of container %s (command, configuration or dependency named in its previous log) in Git", [s.name]),
			["the previous container log names the failure; a restart alone is not a repair"],
			["the new revision's pods crash with the same exit code"],
			"revert the commit; the controller rolls back to the previous template",
			[
				lib.accept("runtime", sprintf("pod %s/%s container %s Running with no new restarts", [ns, name, s.name])),
				lib.accept("external", "the service answers on the user path"),
			],
		),
		"explains": lib.serving_explains(pod),
	}
}
