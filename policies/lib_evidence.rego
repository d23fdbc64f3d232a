# Evidence, explains links, read-only checks and repair contracts.
package rift.lib

# field cites a field of an object.
field(obj, path, message) := {"object": ref(obj), "path": path, "message": message}

# field_at cites a field with the time the fact was observed.
field_at(obj, path, message, time) := {"object": ref(obj), "path": path, "message": message, "time": time}

# event cites an event of obj at its first occurrence, which is when the
# failure it reports began (the count says how often it repeated since).
event(obj, e) := {
	"object": ref(obj),
	"event": e.reason,
	"time": first_time(e),
	"message": sprintf("%s x%d: %s", [e.reason, e.count, e.message]),
}

first_time(e) := e.firstTime if e.firstTime != ""

else := object.get(e, "time", "")

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
