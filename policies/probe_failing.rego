# METADATA
# title: Probe failing
# description: >-
#   A readiness, liveness or startup probe of a running container fails
#   (kubelet Unhealthy events). Liveness failures restart the container, so
#   they explain its crash loop.
# custom:
#   id: probe-failing
#   cause: probe-failing
#   layer: runtime
#   stage: ready
#   weight: 45
package rift.rules.probe_failing

import data.rift.lib

hypothesis contains h if {
	some pod in lib.event_pods({"Unhealthy"})
	ns := pod.metadata.namespace
	name := pod.metadata.name
	failures := [e | some e in lib.events(pod); e.reason == "Unhealthy"; contains(e.message, "probe failed"); tripped(pod, e)]
	count(failures) > 0
	liveness := [e | some e in failures; startswith(e.message, "Liveness")]
	h := {
		"subject": lib.ref(pod),
		"summary": sprintf("probes of pod %s fail: %s", [name, failures[count(failures) - 1].message]),
		"supporting": array.concat([lib.event(pod, e) | some e in failures], probe_specs(pod)),
		"contradicting": [lib.condition_evidence(pod, c) | c := lib.condition(pod, "Ready"); c.status == "True"],
		"nextCheck": sprintf("kubectl get pod %s -n %s -o jsonpath={.spec.containers[*].readinessProbe}", [name, ns]),
		"repair": lib.repair(
			"repository",
			"fix the probe in Git (command, port, timeoutSeconds for a slow start) or the dependency it checks",
			["the process itself is healthy when probed by hand with a longer timeout", "for a StatefulSet, the template change alone does not replace an unready pod: check rollout-blocked"],
			["the new probe passes while the service still fails for users"],
			"revert the commit",
			[
				lib.accept("controller", "the template carries the new probe"),
				lib.accept("runtime", sprintf("pod %s/%s spec shows the new probe and is Ready with no new restarts", [ns, name])),
			],
		),
		"explains": (explains(pod, count(liveness)) | lib.service_explains(pod)),
	}
}

explains(pod, liveness) := {lib.explain("crash-loop", lib.ref(pod))} if liveness > 0

else := set()

probe_specs(pod) := [lib.field(pod, sprintf("spec.containers[name=%s].%s", [c.name, p]), describe(c[p])) |
	some c in pod.spec.containers
	some p in ["readinessProbe", "livenessProbe"]
	c[p]
]

describe(probe) := sprintf("exec %v, timeoutSeconds %v", [probe.exec.command, object.get(probe, "timeoutSeconds", 1)]) if probe.exec

else := sprintf("%v, timeoutSeconds %v", [object.remove(probe, {"timeoutSeconds"}), object.get(probe, "timeoutSeconds", 1)])

# tripped holds when an Unhealthy event may have made the kubelet act. The
# kubelet acts (unready, restart) only after failureThreshold consecutive
# failures (default 3); an event that counts fewer failures in all is the
# noise of a container still starting, e.g. one "connection refused".
# Events whose container or probe cannot be resolved are kept.
tripped(pod, e) if not probe_threshold(pod, e)

tripped(pod, e) if object.get(e, "count", 1) >= probe_threshold(pod, e)

probe_fields := {"Readiness": "readinessProbe", "Liveness": "livenessProbe", "Startup": "startupProbe"}

probe_threshold(pod, e) := object.get(probe, "failureThreshold", 3) if {
	container := trim_suffix(split(e.object.fieldPath, "{")[1], "}")
	field := probe_fields[split(e.message, " ")[0]]
	some c in array.concat(object.get(pod.spec, "containers", []), object.get(pod.spec, "initContainers", []))
	c.name == container
	probe := c[field]
}
