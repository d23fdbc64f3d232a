# METADATA
# title: Service has no ready endpoints
# description: >-
#   A Service with a selector routes to no ready pod: the selector matches
#   no pod, none of the selected pods is Ready, or they are Ready but a
#   named targetPort names no port they declare, or a numeric one is a port
#   none of them declares while its routed path fails. Failing pods
#   explain this; this explains callers that cannot reach the Service. The
#   routed path (an Ingress or Gateway route to the Service,
#   input.service_routes) and what speaks about it (an ingress
#   controller's 5xx for the Service's upstream, a controller line saying
#   it has no endpoints, a caller that cannot dial it) support it. When
#   the selector matches no pod but a workload's template
#   (input.service_workloads), it names that workload and repairs at
#   whoever keeps it at zero; when the pods' labels changed, the commit.
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
				array.concat(
					[lib.field(svc, "spec.selector", sprintf("selector %v selects %d pods, none Ready", [svc.spec.selector, count(pods)]))],
					[lib.field(p, "status.conditions[type=Ready]", sprintf("pod %s is not Ready", [p.metadata.name])) | some p in pods],
				),
				[{"object": {"apiVersion": "v1", "kind": "Pod", "namespace": cns, "name": cpod}, "message": line} | some [cns, cpod, line] in object.get(lib.dial_callers, key, set())],
			),
			array.concat(array.concat(routes(key), failures(key)), array.concat(label_change(key), template_evidence(key))),
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get endpointslices -n %s -l kubernetes.io/service-name=%s -o wide", [ns, name]),
		"repair": repair(key, svc, pods),
		"explains": {lib.explain("dependency-unavailable", lib.ref(svc))},
	}
}

# The selected pods are Ready but none is an endpoint, because a port of
# the Service names its target (targetPort: http) and no container of
# those pods declares a port of that name: the endpoint controller cannot
# resolve it, so it lists none of them. The layers judge the Service
# failed (no selected pod is a ready endpoint); this names why.
hypothesis contains h if {
	some key, names in input.service_pods
	[ns, name] := split(key, "/")
	input.workloads[concat("/", ["Service", key])].convergence == "failed"
	any_ready(ns, names)
	svc := input.objects.Service[ns][name]
	pods := [p | some n in names; p := lib.pod(ns, n)]
	some i, sp in svc.spec.ports
	is_string(sp.targetPort)
	declared := {cp.name | some p in pods; some c in p.spec.containers; some cp in object.get(c, "ports", []); cp.name}
	not sp.targetPort in declared
	h := {
		"subject": lib.ref(svc),
		"status": "supported",
		"summary": sprintf("Service %s: targetPort %q names no container port of its %d selected pods (they declare %s), so none of them is an endpoint", [name, sp.targetPort, count(pods), port_names(declared)]),
		"supporting": array.concat(
			[lib.field(svc, sprintf("spec.ports[%d].targetPort", [i]), sprintf("targetPort %q", [sp.targetPort]))],
			[lib.field(p, "spec.containers[].ports", sprintf("pod %s declares ports %s", [p.metadata.name, port_names({cp.name | some c in p.spec.containers; some cp in object.get(c, "ports", []); cp.name})])) | some p in array.slice(pods, 0, 3)],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get endpointslices -n %s -l kubernetes.io/service-name=%s -o yaml", [ns, name]),
		"repair": lib.repair(
			"repository",
			sprintf("in Git, name the container port %q in the pod template, or point Service %s's targetPort at a port the pods declare", [sp.targetPort, name]),
			["the port the Service should reach is the one the container listens on"],
			["the EndpointSlice stays empty after the change"],
			"revert the commit that renamed the port",
			[lib.accept("runtime", "the EndpointSlice lists the Ready pods"), lib.accept("external", "requests through the Service succeed")],
		),
		"explains": {lib.explain("dependency-unavailable", lib.ref(svc))},
	}
}

# The selected pods are Ready endpoints, but on a port they do not
# declare: the Service's targetPort is a number (or, absent, its port)
# that no container of those pods lists, while they list others. The
# endpoint controller passes a number through unchecked, so the
# EndpointSlice is full and the layers call the Service converged; what
# shows the fault is the routed path (a 502 or a refused connection) or a
# caller that cannot dial the Service. Declaring ports is optional, so
# without such a failure this stays silent.
hypothesis contains h if {
	some key, names in input.service_pods
	count(failures(key)) + count(object.get(lib.dial_callers, key, set())) > 0
	[ns, name] := split(key, "/")
	any_ready(ns, names)
	svc := input.objects.Service[ns][name]
	pods := [p | some n in names; p := lib.pod(ns, n)]
	declared := {cp.containerPort | some p in pods; some c in p.spec.containers; some cp in object.get(c, "ports", [])}
	count(declared) > 0
	some i, sp in svc.spec.ports
	tp := object.get(sp, "targetPort", sp.port)
	is_number(tp)
	not tp in declared
	h := {
		"subject": lib.ref(svc),
		"status": "supported",
		"summary": sprintf("Service %s sends to targetPort %d, which none of its %d selected pods declares (they declare %s): its endpoints refuse the routed traffic", [name, tp, count(pods), concat(", ", [sprintf("%d", [n]) | some n in sort(declared)])]),
		"supporting": array.concat(
			array.concat(
				[lib.field(svc, sprintf("spec.ports[%d].targetPort", [i]), sprintf("targetPort %d", [tp]))],
				[lib.field(p, "spec.containers[].ports", sprintf("pod %s declares container ports %s", [p.metadata.name, concat(", ", [sprintf("%d", [cp.containerPort]) | some c in p.spec.containers; some cp in object.get(c, "ports", [])])])) | some p in array.slice(pods, 0, 3)],
			),
			array.concat(failures(key), [{"object": {"apiVersion": "v1", "kind": "Pod", "namespace": cns, "name": cpod}, "message": line} | some [cns, cpod, line] in object.get(lib.dial_callers, key, set())]),
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get endpointslices -n %s -l kubernetes.io/service-name=%s -o yaml", [ns, name]),
		"repair": lib.repair(
			"repository",
			sprintf("in Git, point Service %s's targetPort at the port its pods listen on (%s; by the port's name, so that it follows the next change), or make the container listen on %d again", [name, concat(", ", [sprintf("%d", [n]) | some n in sort(declared)]), tp]),
			["the declared container port is the one the application listens on"],
			["connections to the new port are refused as well"],
			"revert the commit that moved the port",
			[lib.accept("runtime", "the EndpointSlice lists the pods on the port they declare"), lib.accept("external", "requests through the Service succeed")],
		),
		"explains": {lib.explain("dependency-unavailable", lib.ref(svc))},
	}
}

port_names(names) := concat(", ", sort(names)) if count(names) > 0

else := "no named port"

# A selector that matches nothing may be intended (a workload scaled to
# zero); without a failing caller in the logs, or a failure on the routed
# path, it stays open.
status(key, pods) := "open" if {
	count(pods) == 0
	not lib.dial_callers[key]
	count(object.get(routed_path(key), "failures", [])) == 0
}

else := "supported"

# routed_path is the Service's entry of input.service_routes, or {}. The
# input is never read whole (a bare input would make every part of it
# built, the timeline included).
routed_path(key) := object.get(input.service_routes, key, {}) if input.service_routes

else := {}

# routes cites the Ingress and Gateway routes that send users to the
# Service: the path users meet the failure on.
routes(key) := [{"object": r.object, "path": r.path, "message": sprintf("%s %s routes %s to this Service", [r.object.kind, r.object.name, concat(", ", r.hosts)])} |
	some r in object.get(routed_path(key), "routes", [])
]

# failures cites what the routed path's logs say: a 5xx for the Service's
# upstream, or the controller saying it has no endpoints. At most five
# lines: they repeat.
failures(key) := array.slice(
	[{"object": f.object, "file": f.file, "message": sprintf("%s: %s", [what[f.what], f.line])} |
		some f in object.get(routed_path(key), "failures", [])
	],
	0, 5,
)

what := {"5xx": "a 5xx for the Service's upstream", "no-endpoints": "the controller reports no endpoints", "check": "a failed check on the routed path"}

# label_change cites the workload whose pod labels left the selector.
label_change(key) := [{"object": c.current, "path": "spec.template.metadata.labels", "message": sprintf("%s %s: ReplicaSet %s carries labels the selector matches, the current ReplicaSet %s (created %s) does not%s", [
	c.workload.kind, c.workload.name, c.old.name, c.current.name, c.at, commit_text(c),
])}] if {
	c := input.service_routes[key].labelChange
} else := []

commit_text(c) := sprintf("; newest commit before it: %s %q", [substring(c.commit.revision, 0, 12), c.commit.subject]) if c.commit

else := ""

# template_workloads are the workloads whose current pod template the
# Service selects while it selects no pod (input.service_workloads): the
# pods it would route to, if they ran.
template_workloads(key) := object.get(input.service_workloads, key, []) if input.service_workloads

else := []

# scaled_to_zero are those of them whose spec.replicas is 0.
scaled_to_zero(key) := [tw | some tw in template_workloads(key); tw.replicas == 0]

# template_evidence cites each of them: its replica count, who set it and
# the autoscaler that targets it.
template_evidence(key) := array.concat(
	[{"object": tw.workload, "path": template_path(tw), "message": template_message(tw)} | some tw in template_workloads(key)],
	[{"object": tw.workload, "event": e.reason, "time": e.time, "message": e.message} | some tw in scaled_to_zero(key); e := scale_down(tw)],
)

# scale_down is the Deployment controller's last event that took the
# workload's ReplicaSet to zero ("Scaled down replica set web-85d64bff46
# from 2 to 0"; before Kubernetes 1.26 "... to 0 from 2"): when it went,
# and from how many.
scale_down(tw) := e if {
	downs := [x |
		some x in object.get(input.events_by_object, concat("/", [tw.workload.kind, tw.workload.namespace, tw.workload.name]), [])
		x.reason == "ScalingReplicaSet"
		count(previous_count(x.message)) > 0
	]
	count(downs) > 0
	e := downs[count(downs) - 1]
}

previous_count(msg) := [n | some m in regex.find_all_string_submatch_n(`from (\d+) to 0$`, msg, 1); n := m[1]] if regex.match(`from \d+ to 0$`, msg)

else := [n | some m in regex.find_all_string_submatch_n(`to 0 from (\d+)$`, msg, 1); n := m[1]] if regex.match("to 0 from \\d+$", msg)

else := []

# count_before is the replica count before the scale-down, from its event,
# else N to be read from the workload's history.
count_before(tw) := n if {
	n := previous_count(scale_down(tw).message)[0]
}

else := "N, the count before the scale-down (its ScalingReplicaSet event or rollout history)"

template_path(tw) := "spec.replicas" if "replicas" in object.keys(tw)

else := "spec.template.metadata.labels"

template_message(tw) := sprintf("%s %s, whose pod template the selector matches, is scaled to 0 replicas%s%s", [tw.workload.kind, tw.workload.name, scaled_by_text(tw), autoscaler_text(tw)]) if tw.replicas == 0

else := sprintf("%s %s, whose pod template the selector matches, wants %d replicas and the bundle holds none of its pods", [tw.workload.kind, tw.workload.name, tw.replicas]) if tw.replicas

else := sprintf("%s %s, whose pod template the selector matches, has no pod in the bundle", [tw.workload.kind, tw.workload.name])

subject_text(git) := sprintf(" (newest commit: %q)", [git.subject]) if git.subject != ""

else := ""

scaled_by_text(tw) := sprintf(" (set by %s through the scale subresource%s)", [tw.scaledBy.manager, at_text(tw.scaledBy)]) if tw.scaledBy.subresource == "scale"

else := sprintf(" (set by %s, %s%s)", [tw.scaledBy.manager, tw.scaledBy.operation, at_text(tw.scaledBy)]) if tw.scaledBy

else := sprintf(" (as Git source %s declares)", [tw.git.source]) if tw.git.replicas == 0

else := sprintf(" (Git source %s declares %d replicas; no field manager owns the count)", [tw.git.source, tw.git.replicas]) if tw.git.replicas

else := sprintf(" (Git source %s declares no replica count, and no field manager owns it: a scale write to a count nobody owned leaves none)", [tw.git.source]) if tw.git

else := ""

# scaled_by_short is scaled_by_text in a few words, for the summary.
scaled_by_short(tw) := sprintf(" by %s", [tw.scaledBy.manager]) if tw.scaledBy

else := " in Git" if tw.git.replicas == 0

else := " outside Git" if tw.git

else := ""

# at_text: the API server gives a manager that first took a field through
# the scale subresource no time.
at_text(m) := sprintf(" at %s", [m.time]) if m.time != ""

else := ""

# hpa_text: an HPA turns itself off while its target is at zero replicas
# (ScalingActive=False ScalingDisabled), so it never brings it back.
hpa_text(tw) := sprintf(", and HorizontalPodAutoscaler %s does not scale a target back from zero", [tw.autoscaler.name]) if tw.autoscaler.kind == "HorizontalPodAutoscaler"

else := ""

autoscaler_text(tw) := sprintf("; %s %s targets it", [tw.autoscaler.kind, tw.autoscaler.name]) if tw.autoscaler

else := ""

summary(svc, pods) := sprintf("Service %s selects no pod: %s %s, whose pod template it selects, is scaled to 0 replicas%s", [
	svc.metadata.name, tw.workload.kind, tw.workload.name, scaled_by_short(tw),
]) if {
	count(pods) == 0
	tw := scaled_to_zero(lib.pod_key(svc))[0]
}

else := sprintf("Service %s selects no pod: %s %s, whose pod template it selects, has no pod in the bundle", [svc.metadata.name, tw.workload.kind, tw.workload.name]) if {
	count(pods) == 0
	tw := template_workloads(lib.pod_key(svc))[0]
}

else := sprintf("Service %s selects no pod: its selector %v matches nothing", [svc.metadata.name, svc.spec.selector]) if count(pods) == 0

else := sprintf("Service %s has no ready endpoint: %d selected pods, none Ready", [svc.metadata.name, count(pods)])

repair(key, svc, pods) := lib.repair(
	"repository",
	sprintf("restore in Git the pod labels of %s %s that the selector of Service %s matches (%v), or change the selector to the new labels: commit %s %q changed the pod template", [
		c.workload.kind, c.workload.name, svc.metadata.name, svc.spec.selector,
		substring(c.commit.revision, 0, 12), c.commit.subject,
	]),
	["the intended pods exist and are Ready under other labels"],
	["the endpoints stay empty after the change"],
	sprintf("revert commit %s", [substring(c.commit.revision, 0, 12)]),
	[lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
) if {
	count(pods) == 0
	c := input.service_routes[key].labelChange
	c.commit
}

else := scaled_repair(tw) if {
	count(pods) == 0
	tw := scaled_to_zero(key)[0]
}

else := lib.repair(
	"none",
	sprintf("repair why %s %s has no pods (the hypotheses on it that explain this one: pods refused at creation, a quota); if the bundle left its pods out, collect them", [tw.workload.kind, tw.workload.name]),
	[],
	[],
	"none",
	[lib.accept("controller", sprintf("%s %s runs its pods", [tw.workload.kind, tw.workload.name])), lib.accept("runtime", "the EndpointSlice lists ready addresses")],
) if {
	count(pods) == 0
	tw := template_workloads(key)[0]
}

else := lib.repair(
	"repository",
	sprintf("correct the selector of Service %s or the pod labels in Git", [svc.metadata.name]),
	["the intended pods exist and are Ready under other labels"],
	["the endpoints stay empty after the change"],
	"revert the commit",
	[lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
) if {
	count(pods) == 0
}

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

# scaled_repair goes to whoever keeps the workload at zero: KEDA, when a
# ScaledObject targets it (it scales to zero while its triggers are
# inactive); Git, when the count was applied as declared state; else the
# person or tool that scaled it outside Git, whose change is undone by hand
# and then declared.
scaled_repair(tw) := lib.repair(
	"controller-action",
	sprintf("find why ScaledObject %s keeps %s %s at zero (its triggers are inactive or failing: kubectl describe scaledobject %s -n %s), or raise its minReplicaCount in Git if the Service must always answer", [tw.autoscaler.name, tw.workload.kind, tw.workload.name, tw.autoscaler.name, tw.workload.namespace]),
	["zero replicas while idle is not the intended behaviour of this Service"],
	["the ScaledObject reports its triggers active and the workload stays at zero"],
	"restore the previous minReplicaCount",
	[lib.accept("controller", sprintf("%s %s has ready replicas", [tw.workload.kind, tw.workload.name])), lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
) if {
	tw.autoscaler.kind == "ScaledObject"
}

else := lib.repair(
	"repository",
	sprintf("Git source %s at %s declares 0 replicas for %s %s%s: set the replicas it must serve with in Git, or point its callers elsewhere while it stays down", [tw.git.source, substring(tw.git.revision, 0, 12), tw.workload.kind, tw.workload.name, subject_text(tw.git)]),
	["the Service is meant to answer now (not a planned shutdown)"],
	["the new pods do not become Ready"],
	"revert the commit",
	[lib.accept("controller", sprintf("%s %s has ready replicas", [tw.workload.kind, tw.workload.name])), lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
) if {
	tw.git.replicas == 0
}

else := lib.repair(
	"repository",
	sprintf("the manifest applied by %s sets %s %s to 0 replicas: set the replicas it must serve with in Git", [tw.scaledBy.manager, tw.workload.kind, tw.workload.name]),
	["the Service is meant to answer now (not a planned shutdown)"],
	["the new pods do not become Ready"],
	"revert the commit",
	[lib.accept("controller", sprintf("%s %s has ready replicas", [tw.workload.kind, tw.workload.name])), lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
) if {
	tw.scaledBy.declared
}

else := lib.repair(
	"none",
	sprintf("find who scaled %s %s to zero (kubectl get %s %s -n %s --show-managed-fields -o yaml, or the API server's audit log): the bundle holds no field manager of its replicas and no Git manifest for it; then scale it back up, or declare its replicas in Git", [
		tw.workload.kind, tw.workload.name, lower(tw.workload.kind), tw.workload.name, tw.workload.namespace,
	]),
	[],
	[],
	"none",
	[lib.accept("controller", sprintf("%s %s has ready replicas", [tw.workload.kind, tw.workload.name])), lib.accept("runtime", "the EndpointSlice lists ready addresses")],
) if {
	not tw.scaledBy
	not tw.git
}

else := lib.repair(
	"live-mitigation",
	sprintf("scale %s %s back up (kubectl scale %s %s -n %s --replicas=%s); it was scaled to zero outside Git%s%s, so then declare who owns its replica count in Git, so that the next scale-down is a reviewed change", [
		tw.workload.kind, tw.workload.name, lower(tw.workload.kind), tw.workload.name, tw.workload.namespace, count_before(tw), scaled_by_text(tw), hpa_text(tw),
	]),
	["whoever scaled it down confirms the reason is over (a maintenance or migration)"],
	["the new pods do not become Ready"],
	"scale it back to 0",
	[lib.accept("controller", sprintf("%s %s has ready replicas", [tw.workload.kind, tw.workload.name])), lib.accept("runtime", "the EndpointSlice lists ready addresses"), lib.accept("external", "requests through the Service succeed")],
)
