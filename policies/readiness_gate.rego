# METADATA
# title: Readiness gate not passed
# description: >-
#   A running pod's containers are ready but one of its readiness gates is
#   not: the condition the gate names is False or missing, so the pod is not
#   Ready (ReadinessGatesNotReady), its Services route nothing to it and a
#   rolling update that waits for it stops. A controller outside the pod
#   owns the gate (the AWS Load Balancer Controller's target health, GKE's
#   NEG readiness). When another pod passes the same gate, the load balancer
#   reaches and checks pods, and what these pods answer is the difference:
#   the template and the health check disagree in Git (a health path moved,
#   the Ingress's check did not). When no pod passes it or its controller
#   never wrote the condition, the controller or the path to the pods is
#   the cause.
# custom:
#   id: readiness-gate
#   cause: readiness-gate-not-ready
#   layer: runtime
#   stage: ready
#   weight: 55
package rift.rules.readiness_gate

import data.rift.lib

# blocked are the running pods held by a gate: [owner key, pod, gate,
# its condition or null].
blocked contains [lib.key(lib.subject_of(pod)), pod, g.conditionType, cond] if {
	some ns, name
	pod := input.objects.Pod[ns][name]
	gates := pod.spec.readinessGates # undefined for most pods: the cheapest test first
	pod.status.phase == "Running"
	lib.condition(pod, "ContainersReady").status == "True"
	not ready(pod)
	some g in gates
	cond := gate_condition(pod, g.conditionType)
	not passed(cond)
}

passed(cond) if cond.status == "True"

ready(pod) if lib.condition(pod, "Ready").status == "True"

gate_condition(pod, t) := c if {
	some c in object.get(pod, ["status", "conditions"], [])
	c.type == t
} else := null

hypothesis contains h if {
	some key in {k | some [k, _, _, _] in blocked}
	held := sort([[p.metadata.name, t, c, p] | some [k, p, t, c] in blocked; k == key])
	pod := held[0][3]
	gate := held[0][1]
	passing := passing_pods(pod.metadata.namespace, gate)
	h := {
		"subject": lib.subject_of(pod),
		"summary": sprintf("%s not Ready: readiness gate %s is %s%s", [
			lib.count_of(count(held), "pod"), gate, gate_state(held[0][2]), passes(passing),
		]),
		"supporting": array.concat(
			array.concat(
				[evidence | some x in held; some evidence in held_evidence(x[3], x[1], x[2])],
				[lib.field(p, sprintf("status.conditions[type=%s]", [gate]), sprintf("pod %s passes the same gate", [p.metadata.name])) | some p in passing],
			),
			health_checks(pod),
		),
		"contradicting": [],
		"nextCheck": lib.get(lib.ref(pod)),
		"repair": repair(gate, passing, held[0][2]),
		"explains": union({explains(x[3]) | some x in held}),
	}
}

held_evidence(pod, gate, cond) := [
	lib.field(pod, "status.conditions[type=Ready]", object.get(lib.condition(pod, "Ready"), "message", "")),
	gate_evidence(pod, gate, cond),
]

gate_evidence(pod, gate, null) := lib.field(pod, "spec.readinessGates", sprintf("gate %s: no controller has written its condition", [gate]))

gate_evidence(pod, _, cond) := lib.condition_evidence(pod, cond) if cond != null

gate_state(null) := "not written by its controller"

gate_state(c) := sprintf("%s (%s: %s)", [c.status, object.get(c, "reason", ""), object.get(c, "message", "")]) if c != null

passes(passing) := sprintf("; %s behind the same gate pass it", [lib.count_of(count(passing), "other pod")]) if {
	count(passing) > 0
} else := ""

# passing_pods are the pods of the namespace whose same gate is True: the
# gate names one target group or endpoint group, so they sit behind the
# same load balancer check.
passing_pods(ns, gate) := [p |
	some name
	p := input.objects.Pod[ns][name]
	gate_condition(p, gate).status == "True"
]

# health_checks cites the load balancer health-check annotations of the
# Ingresses that route to the pod's Services, beside the path its own
# readiness probe checks: two checks of one pod that disagree.
health_checks(pod) := [lib.field(ing, "metadata.annotations", sprintf("%s: %s (the pod's own readiness probe checks %s)", [k, v, probe_path(pod)])) |
	some svc in object.get(input.pod_services, lib.pod_key(pod), [])
	some name
	ing := input.objects.Ingress[pod.metadata.namespace][name]
	routes_to(ing, svc)
	some k, v in object.get(ing, ["metadata", "annotations"], {})
	endswith(k, "healthcheck-path")
]

routes_to(ing, svc) if {
	some r in object.get(ing, ["spec", "rules"], [])
	some p in r.http.paths
	p.backend.service.name == svc
}

probe_path(pod) := concat(", ", [p |
	some c in pod.spec.containers
	p := c.readinessProbe.httpGet.path
]) if {
	some c in pod.spec.containers
	c.readinessProbe.httpGet.path
} else := "no HTTP path"

owner_of(gate) := "the AWS Load Balancer Controller" if {
	startswith(gate, "target-health.elbv2.k8s.aws/")
} else := "GKE's NEG controller" if {
	startswith(gate, "cloud.google.com/")
} else := "the controller that writes it"

repair(gate, passing, cond) := lib.repair(
	"repository",
	sprintf("make the load balancer's health check and the new template agree in Git: %s passes other pods behind gate %s and fails these (%s), so what they answer on the checked path and port changed; fix the check (the Ingress's or Service's health-check annotations) or what the template serves", [owner_of(gate), gate, object.get(cond, "message", "")]),
	["the checked path and port are compared with what the new version serves (its readiness probe shows what it answers)"],
	["the old pods start failing the gate too: the load balancer or the network changed, not the template"],
	"revert the commit",
	[lib.accept("runtime", "the new pods' readiness gate turns True and they are Ready"), lib.accept("controller", "the rollout completes")],
) if {
	count(passing) > 0
	cond != null
} else := lib.repair(
	"external-dependency",
	sprintf("have %s pass gate %s: check that it runs, that it registered the Service's pods as targets, and the network path from the load balancer to the pods (security groups, firewall rules for the target port); the workload is not changed", [owner_of(gate), gate]),
	["the controller's logs and its binding for the Service (TargetGroupBinding, NEG) are checked"],
	["the gate turns False with a response-code mismatch: the load balancer reaches the pods and the check itself is wrong"],
	"none: nothing in the workload changes",
	[lib.accept("runtime", "the pods' readiness gate turns True and they are Ready")],
)

# explains are what a pod held by its gate holds: its Services' endpoints
# and its workload's rollout.
explains(pod) := lib.service_explains(pod) | {lib.explain(c, r) |
	some r in workload_refs(pod)
	some c in {"not-converged", "rollout-blocked"}
}

workload_refs(pod) := {r | r := lib.owner(pod)} | {d |
	rs := lib.owner(pod)
	d := lib.owner(input.objects[rs.kind][rs.namespace][rs.name])
}
