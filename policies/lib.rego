# Helpers shared by the built-in rules: identity, lookups in the indexed
# input, evidence and repair builders. Not a rule package: it carries no
# metadata and is never evaluated on its own.
package rift.lib

# ref is the subject/evidence reference of an object.
ref(obj) := {
	"apiVersion": object.get(obj, "apiVersion", ""),
	"kind": obj.kind,
	"namespace": object.get(obj.metadata, "namespace", ""),
	"name": obj.metadata.name,
}

# key formats a reference as Kind/namespace/name (Kind/name when cluster
# scoped), the key of every "by object" map of the input.
key(r) := concat("/", [r.kind, r.namespace, r.name]) if r.namespace != ""

key(r) := concat("/", [r.kind, r.name]) if r.namespace == ""

# events are the events recorded for obj, oldest first.
events(obj) := object.get(input.events_by_object, key(ref(obj)), [])

# condition is the status condition of the given type; the first one wins
# when bad input lists a type twice.
condition(obj, type) := [c |
	some c in object.get(obj, ["status", "conditions"], [])
	c.type == type
][0]

# failed_condition is a condition of the type whose status is False.
failed_condition(obj, type) := c if {
	c := condition(obj, type)
	c.status == "False"
}

# owner is the controller owner of obj, as a reference (the first, if bad
# input names several).
owner(obj) := [r |
	some o in object.get(obj, ["metadata", "ownerReferences"], [])
	object.get(o, "controller", false) == true
	r := {"apiVersion": o.apiVersion, "kind": o.kind, "namespace": obj.metadata.namespace, "name": o.name}
][0]

# statuses are the init and app container statuses of a pod.
statuses(pod) := array.concat(
	object.get(pod, ["status", "initContainerStatuses"], []),
	object.get(pod, ["status", "containerStatuses"], []),
)

# pod looks a pod up by namespace and name.
pod(ns, name) := input.objects.Pod[ns][name]

# field cites a field of an object.
field(obj, path, message) := {"object": ref(obj), "path": path, "message": message}

# field_at cites a field with the time the fact was observed.
field_at(obj, path, message, time) := {"object": ref(obj), "path": path, "message": message, "time": time}

# event cites an event of obj.
event(obj, e) := {
	"object": ref(obj),
	"event": e.reason,
	"time": e.time,
	"message": sprintf("%s x%d: %s", [e.reason, e.count, e.message]),
}

# condition_evidence cites a status condition.
condition_evidence(obj, c) := {
	"object": ref(obj),
	"path": sprintf("status.conditions[type=%s]", [c.type]),
	"time": object.get(c, "lastTransitionTime", ""),
	"message": sprintf("%s=%s %s: %s", [c.type, c.status, object.get(c, "reason", ""), object.get(c, "message", "")]),
}

# get is the read-only kubectl command that shows an object.
get(r) := sprintf("kubectl get %s %s -n %s -o yaml", [lower(r.kind), r.name, r.namespace]) if r.namespace != ""

get(r) := sprintf("kubectl get %s %s -o yaml", [lower(r.kind), r.name]) if r.namespace == ""

# events_check lists the events of one object, read-only.
events_check(r) := sprintf("kubectl get events -n %s --field-selector involvedObject.kind=%s,involvedObject.name=%s", [r.namespace, r.kind, r.name])

# repair builds a repair contract.
repair(owner, action, pre, stop, rollback, acceptance) := {
	"owner": owner,
	"action": action,
	"preconditions": pre,
	"stopConditions": stop,
	"rollback": rollback,
	"acceptance": acceptance,
}

# accept is one acceptance check at a layer.
accept(layer, check) := {"layer": layer, "check": check}

# explain names a hypothesis (cause on subject) that another one explains.
explain(cause, subject) := {"cause": cause, "subject": subject}

# pod_explains are the pod-level hypotheses a workload-level cause explains
# for one pod: whichever of them a rule raised on it.
pod_explains(pod_ref) := {explain(c, pod_ref) | some c in pod_causes}

pod_causes := {"crash-loop", "oom-killed", "probe-failing", "image-pull-failed", "config-missing"}

# stateful_preconditions are what to verify before replacing a stateful
# pod: its storage, its ordinal, replication and disruption budgets.
stateful_preconditions(ns, name) := [
	sprintf("the pod's PersistentVolumeClaims in %s are Bound and will be reattached to the replacement (kubectl get pvc -n %s)", [ns, ns]),
	sprintf("replacing %s keeps ordinal identity; no lower ordinal is also unready", [name]),
	"replication is healthy without this member (in-sync replicas, leader elsewhere, no under-replicated partitions)",
	sprintf("no PodDisruptionBudget in %s would be violated (kubectl get pdb -n %s)", [ns, ns]),
]

# pod_key is the "ns/name" key of the pod maps of the input.
pod_key(pod) := concat("/", [pod.metadata.namespace, pod.metadata.name])

# service_explains are the no-endpoints hypotheses a failing pod explains:
# one per Service that selects it.
service_explains(pod) := {explain("no-endpoints", svc) |
	some name in object.get(input.pod_services, pod_key(pod), [])
	svc := {"apiVersion": "v1", "kind": "Service", "namespace": pod.metadata.namespace, "name": name}
}

# dependents are the Flux objects that list r in spec.dependsOn.
dependents(r) := [d |
	some d in object.get(input.referenced_by, key(r), [])
	d.path == "spec.dependsOn"
]

# referrers are the objects of a kind that reference r.
referrers(r, kind) := [d |
	some d in object.get(input.referenced_by, key(r), [])
	d.kind == kind
]

# subject_of is the pod's controller owner, or the pod itself.
subject_of(pod) := owner(pod)

subject_of(pod) := ref(pod) if not owner(pod)

# waiting are the container statuses waiting with one of the reasons.
waiting(pod, reasons) := {s |
	some s in statuses(pod)
	s.state.waiting.reason in reasons
}

# flux_ready_false is the Ready=False condition of a Flux object.
flux_ready_false(obj) := failed_condition(obj, "Ready")

# flux_failures are the failed Ready and Released conditions of a Flux
# object: a HelmRelease whose upgrade failed and was rolled back reports
# Ready=False RollbackSucceeded and keeps the cause in Released.
flux_failures(obj) := {c |
	some t in ["Ready", "Released"]
	c := failed_condition(obj, t)
}

# flux_check is the read-only flux command that shows an object.
flux_check(r) := sprintf("flux get %s %s -n %s", [flux_noun[r.kind], r.name, r.namespace]) if flux_noun[r.kind]

flux_check(r) := get(r) if not flux_noun[r.kind]

flux_noun := {
	"Kustomization": "kustomizations",
	"HelmRelease": "helmreleases",
	"GitRepository": "sources git",
	"OCIRepository": "sources oci",
	"HelmRepository": "sources helm",
	"HelmChart": "sources chart",
	"Bucket": "sources bucket",
}

# gitops_acceptance are the acceptance checks of a GitOps-level repair.
gitops_acceptance(r) := [
	accept("desired", "the fix is committed on the tracked branch"),
	accept("gitops", sprintf("%s reports Ready=True at the new revision (%s)", [key(r), flux_check(r)])),
	accept("applied", "applied objects' generation equals observedGeneration"),
	accept("runtime", "workloads are Ready without new restarts"),
]

# healthy is true for an object that is fine at capture time: a pod that
# Succeeded, or Running with Ready=True; another object with Ready=True.
healthy(obj) if {
	obj.kind == "Pod"
	obj.status.phase == "Succeeded"
}

healthy(obj) if {
	obj.kind == "Pod"
	obj.status.phase == "Running"
	condition(obj, "Ready").status == "True"
}

healthy(obj) if {
	obj.kind != "Pod"
	condition(obj, "Ready").status == "True"
}

# healthy_ref is healthy for the object a reference names.
healthy_ref(r) if healthy(input.objects[r.kind][r.namespace][r.name])

# recovered is the contradicting evidence for a failure read from history
# (events, logs) when the object is healthy at capture time.
recovered(obj) := [field(obj, "status", "healthy at capture time: the failure read from events or logs is history")] if healthy(obj)

else := []

# history_status is contradicted for a failure read from history on an
# object that is healthy at capture time, supported otherwise.
history_status(obj) := "contradicted" if healthy(obj)

else := "supported"

# pods_with_reason are the pods whose containers report one of the reasons
# (waiting, terminated or last terminated), from the input's index.
pods_with_reason(reasons) := {p |
	some r in reasons
	some k in object.get(input.pods_by_container_reason, r, [])
	[ns, name] := split(k, "/")
	p := input.objects.Pod[ns][name]
}

# event_pods are the pods involved in events with one of the reasons.
event_pods(reasons) := {p |
	some r in reasons
	some e in object.get(input.events_by_reason, r, [])
	e.object.kind == "Pod"
	p := input.objects.Pod[e.object.namespace][e.object.name]
}
