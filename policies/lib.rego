# Helpers shared by the built-in rules (and available to user rules):
# identity and lookups in the indexed input. lib_evidence.rego builds
# evidence, links and repairs; lib_gitops.rego reads Flux objects;
# lib_history.rego says whether an object serves at capture time. Not a rule
# package: it carries no metadata and is never evaluated on its own.
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

# events are the events recorded for obj, oldest first. An event that names
# another UID belongs to an earlier object of the same name (a StatefulSet
# pod replaced under the same name, a recreated Deployment), so it is not
# evidence about this one.
events(obj) := [e |
	some e in object.get(input.events_by_object, key(ref(obj)), [])
	same_incarnation(e, obj)
]

same_incarnation(e, _) if object.get(e, ["object", "uid"], "") == ""

same_incarnation(_, obj) if object.get(obj, ["metadata", "uid"], "") == ""

same_incarnation(e, obj) if e.object.uid == obj.metadata.uid

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

# status_path is the field path of one of a pod's container statuses (an
# element of statuses(pod)): init containers report under
# initContainerStatuses.
status_path(pod, s) := sprintf("status.initContainerStatuses[name=%s]", [s.name]) if {
	s in object.get(pod, ["status", "initContainerStatuses"], [])
} else := sprintf("status.containerStatuses[name=%s]", [s.name])

# statuses are the init and app container statuses of a pod.
statuses(pod) := array.concat(
	object.get(pod, ["status", "initContainerStatuses"], []),
	object.get(pod, ["status", "containerStatuses"], []),
)

# pod looks a pod up by namespace and name.
pod(ns, name) := input.objects.Pod[ns][name]

# pod_key is the "ns/name" key of the pod maps of the input.
pod_key(pod) := concat("/", [pod.metadata.namespace, pod.metadata.name])

# service_explains are the hypotheses a failing pod explains on each
# Service that selects it: no ready endpoint, and an admission webhook
# behind it that the API server cannot call.
service_explains(pod) := {explain(c, svc) |
	some name in object.get(input.pod_services, pod_key(pod), [])
	svc := {"apiVersion": "v1", "kind": "Service", "namespace": pod.metadata.namespace, "name": name}
	some c in {"no-endpoints", "webhook-unavailable"}
}

# template_explains are the no-endpoints hypotheses on the Services that
# select the pod template of workload r (or of the Deployment that owns
# ReplicaSet r) while they select no pod (input.service_workloads): a cause
# that leaves the workload without pods (scaled to zero, pods never
# created) is why those Services route nowhere.
template_explains(r) := {explain("no-endpoints", svc) |
	some key, tws in input.service_workloads
	some tw in tws
	template_of(tw.workload, r)
	[ns, name] := split(key, "/")
	svc := {"apiVersion": "v1", "kind": "Service", "namespace": ns, "name": name}
}

template_of(w, r) if {
	w.kind == r.kind
	w.namespace == r.namespace
	w.name == r.name
}

template_of(w, r) if {
	r.kind == "ReplicaSet"
	o := owner(input.objects.ReplicaSet[r.namespace][r.name])
	o.kind == w.kind
	o.name == w.name
	r.namespace == w.namespace
}

# serving_explains adds, for a pod that is not running at all (crashed,
# killed, never started), dependency-unavailable on the pod itself: its
# clients dialled its address, or a sibling container dialled it on
# loopback, and nothing listened. A pod that runs but fails its readiness
# probe may still accept connections, so probe-failing uses
# service_explains.
serving_explains(pod) := service_explains(pod) | {explain("dependency-unavailable", ref(pod))}

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

# names_in is the sorted names of the objects of kind in namespace ns the
# bundle holds, for a repair that names what does exist.
names_in(kind, ns) := sort(object.keys(object.get(input.objects, [kind, ns], {})))

# log_file is the file of the log of pod ns/pod that holds line, for
# evidence that cites a log line.
log_file(ns, pod, line) := [l.file |
	some l in input.logs[concat("/", [ns, pod])]
	line in l.lines
][0]

# dial_failures are the log lines where a container failed to connect:
# [namespace, pod, line, host].
dial_failures contains [ns, pod, line, m[1]] if {
	some key, logs in input.logs
	[ns, pod] := split(key, "/")
	some l in logs
	some line in l.lines
	some m in regex.find_all_string_submatch_n(dial_pattern, line, 1)
}

dial_pattern := `dial tcp ([A-Za-z0-9.\-]+):[0-9]+: (connect: connection refused|connect: no route to host|i/o timeout)`

# dial_target is what a dialled host names: the in-cluster Service when the
# host is svc, svc.ns or svc.ns.svc... and the Service exists, or when it is
# a Service's ClusterIP (a client that resolved the Service's name reports
# the address it dialled: "dial tcp 10.96.0.12:5432: ..."), else the one
# Node or pod that holds the address (input.addresses: a node's address, a
# pod dialled by IP), else the host.
dial_target(ns, host) := {"apiVersion": "v1", "kind": "Service", "namespace": svc_ns, "name": svc} if {
	parts := array.concat(split(host, "."), [ns])
	svc := parts[0]
	svc_ns := parts[1]
	input.objects.Service[svc_ns][svc]
} else := service_by_cluster_ip[host] if {
	service_by_cluster_ip[host]
} else := t if {
	[t] := object.get(input.addresses, host, [])
} else := {"apiVersion": "", "kind": "Host", "namespace": "", "name": host}

# service_by_cluster_ip maps each ClusterIP (a cluster allocates one
# address to one Service) to its Service; headless Services have none. It
# is one complete value, built once per evaluation: a lookup by key in a
# partial rule would scan every Service for each host.
service_by_cluster_ip := {ip: {"apiVersion": "v1", "kind": "Service", "namespace": ns, "name": name} |
	some ns, name
	ip := input.objects.Service[ns][name].spec.clusterIP
	not ip in {"", "None"}
}

# dial_callers maps a Service ("ns/name") to the log lines of pods that
# failed to connect to it.
dial_callers[key] contains [ns, pod, line] if {
	some [ns, pod, line, host] in dial_failures
	t := dial_target(ns, host)
	t.kind == "Service"
	key := concat("/", [t.namespace, t.name])
}

# count_of(n, noun) is "1 restart", "3 restarts": a count with its noun in
# the number the count needs.
count_of(n, noun) := sprintf("%d %s", [n, noun]) if n == 1

count_of(n, noun) := sprintf("%d %ss", [n, noun]) if n != 1

# webhook_call is an API server's failure to call an admission webhook, in
# a refused write's message: {webhook, host, detail}. The webhook never
# judged the write ("admission webhook X denied the request" is a judgement,
# and does not match). Old API servers wrote "failed calling admission
# webhook" and an unquoted URL; some failures name no URL.
webhook_call(msg) := {"webhook": m[1], "host": m[2], "detail": m[3]} if {
	contains(msg, "failed calling ") # cheap, before the regular expressions
	m := regex.find_all_string_submatch_n(`failed calling (?:admission )?webhook "([^"]+)": (?:failed to call webhook: )?(?:Post|POST) "?https://([^/:"?\s]+)[^"\s]*"?: (.*)$`, msg, 1)[0]
} else := {"webhook": m[1], "host": "", "detail": m[2]} if {
	contains(msg, "failed calling ")
	m := regex.find_all_string_submatch_n(`failed calling (?:admission )?webhook "([^"]+)": (?:failed to call webhook: )?(.*)$`, msg, 1)[0]
}

# refused_writes are the writes the API server refused, as their writers
# report them: a controller's FailedCreate, a Flux object's failed Ready
# or Released condition, a failed Argo CD sync. Each is {object, message,
# cited}: the writer, the refusal as the API server worded it, and the
# evidence that cites it. Rules that explain a refusal by its cause
# (webhook-unavailable, namespace-terminating) read them here.
refused_writes contains {"object": obj, "message": e.message, "cited": ev} if {
	some e in object.get(input.events_by_reason, "FailedCreate", [])
	obj := object.remove(e.object, {"uid", "fieldPath"})
	ev := {"object": obj, "event": e.reason, "time": first_time(e), "message": sprintf("%s x%d: %s", [e.reason, e.count, e.message])}
}

refused_writes contains {"object": ref(o), "message": c.message, "cited": condition_evidence(o, c)} if {
	some kind in {"Kustomization", "HelmRelease"}
	some ns, name
	o := input.objects[kind][ns][name]
	some c in flux_failures(o)
}

refused_writes contains {"object": ref(app), "message": op.message, "cited": ev} if {
	some ns, name
	app := input.objects.Application[ns][name]
	op := app.status.operationState
	op.phase in {"Failed", "Error"}
	ev := field_at(app, "status.operationState", sprintf("%s: %s", [op.phase, op.message]), object.get(op, "finishedAt", ""))
}
