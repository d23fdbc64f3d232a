# METADATA
# title: Dependency unavailable
# description: >-
#   A container's log shows that a dependency refused or dropped its
#   connections (connection refused, no route to host, i/o timeout). The
#   subject is the dependency: the in-cluster Service when the address names
#   one, else the host. It explains the crash loop or probe failures of the
#   pod that logged it.
# custom:
#   id: dependency-unavailable
#   cause: dependency-unavailable
#   layer: dependencies
#   stage: ready
#   weight: 50
package rift.rules.dependency_unavailable

import data.rift.lib

hypothesis contains h if {
	some [ns, pod, line, host] in lib.dial_failures
	subject := lib.dial_target(ns, host)
	p := lib.pod(ns, pod)
	h := {
		"subject": subject,
		"summary": sprintf("%s is unreachable from pod %s/%s", [host, ns, pod]),
		"supporting": [{"object": lib.ref(p), "file": log_file(ns, pod, line), "message": line}],
		"contradicting": serving(p),
		"nextCheck": check(subject),
		"repair": lib.repair(
			"external-dependency",
			sprintf("restore %s (its pods, endpoints or network path) before touching the client", [host]),
			["the dependency's own hypotheses are checked (no-endpoints, crash-loop)"],
			["the dependency is up but the client still fails: look at network policy or address family"],
			"none: the client is not changed",
			[lib.accept("dependencies", sprintf("%s accepts connections", [host])), lib.accept("runtime", sprintf("pod %s becomes Ready", [pod]))],
		),
		"explains": {lib.explain(c, lib.ref(p)) | some c in {"crash-loop", "probe-failing"}},
	}
}

# serving is the evidence that the pod which reported the refusal is
# Ready at capture time: whatever it dialled did not keep it from serving,
# so the report alone does not show an outage. Whether the refusal itself
# is history is the engine's judgement, from the line's time.
serving(p) := [lib.field(p, "status.conditions[type=Ready]", sprintf("pod %s that reported it is Ready at capture time", [p.metadata.name]))] if lib.healthy(p)

else := []

check(s) := sprintf("kubectl get endpointslices -n %s -l kubernetes.io/service-name=%s", [s.namespace, s.name]) if s.kind == "Service"

else := sprintf("dig +short %s", [s.name])

log_file(ns, pod, line) := [l.file |
	some l in input.logs[concat("/", [ns, pod])]
	line in l.lines
][0]
