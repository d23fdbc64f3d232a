# METADATA
# title: Service has no ready endpoints
# description: >-
#   A Service with a selector routes to no ready pod: the selector matches
#   no pod, or none of the selected pods is Ready. Failing pods explain this;
#   this explains callers that cannot reach the Service.
# custom:
#   id: no-endpoints
#   cause: no-endpoints
#   layer: runtime
#   stage: routed
#   weight: 55
package rift.rules.no_endpoints

import data.rift.lib

hypothesis contains h if {
	some key, names in input.service_pods
	[ns, name] := split(key, "/")
	not any_ready(ns, names)
	svc := input.objects.Service[ns][name]
	pods := [p | some n in names; p := lib.pod(ns, n)]
	h := {
		"subject": lib.ref(svc),
		"status": status(key, pods),
		"summary": summary(svc, pods),
		"supporting": array.concat(
			array.concat(
				[lib.field(svc, "spec.selector", sprintf("selector %v selects %d pods, none Ready", [svc.spec.selector, count(pods)]))],
				[lib.field(p, "status.conditions[type=Ready]", sprintf("pod %s is not Ready", [p.metadata.name])) | some p in pods],
			),
			[{"object": {"apiVersion": "v1", "kind": "Pod", "namespace": cns, "name": cpod}, "message": line} | some [cns, cpod, line] in object.get(lib.dial_callers, key, set())],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get endpointslices -n %s -l kubernetes.io/service-name=%s -o wide", [ns, name]),
		"repair": repair(svc, pods),
		"explains": {lib.explain("dependency-unavailable", lib.ref(svc))},
	}
}

# A selector that matches nothing may be intended (a workload scaled to
# zero); without a failing caller in the logs it stays open.
status(key, pods) := "open" if {
	count(pods) == 0
	not lib.dial_callers[key]
}

else := "supported"

summary(svc, pods) := sprintf("Service %s selects no pod: its selector %v matches nothing", [svc.metadata.name, svc.spec.selector]) if count(pods) == 0

else := sprintf("Service %s has no ready endpoint: %d selected pods, none Ready", [svc.metadata.name, count(pods)])

repair(svc, pods) := lib.repair(
	"repository",
	sprintf("correct the selector of Service %s or the pod labels in Git", [svc.metadata.name]),
	["the intended pods exist and are Ready under other labels"],
	["the endpoints stay empty after the change"],
	"revert the commit",
	[lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
) if count(pods) == 0

else := lib.repair(
	"none",
	"repair the selected pods' own failure (see the hypotheses this one is explained by)",
	[],
	[],
	"none",
	[lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
)

# any_ready stops at the first Ready pod: most Services have one.
any_ready(ns, names) if {
	some n in names
	some c in input.objects.Pod[ns][n].status.conditions
	c.type == "Ready"
	c.status == "True"
}
