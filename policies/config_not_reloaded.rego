# METADATA
# title: Config changed, pods not restarted
# description: >-
#   A ConfigMap or Secret was written after running containers started
#   that read it only at start (an env var, envFrom, a subPath mount:
#   input.stale_reads), so they still run the values from before the
#   write: a fix committed to the config that never reached the pods.
#   Supported when such a pod is not Ready now and was already not Ready
#   when the config was written (the change was made while it failed, and
#   it fails still); it then explains that pod's probe failures. Open
#   otherwise: the pods run an older config than the cluster holds, which
#   may or may not matter. The subject is the config; the repair is to
#   make a config change roll the pods, in Git.
# custom:
#   id: config-not-reloaded
#   cause: config-not-reloaded
#   layer: dependencies
#   stage: started
#   weight: 55
package rift.rules.config_not_reloaded

import data.rift.lib

hypothesis contains h if {
	some key, reads in input.stale_reads
	[ns, name] := split(key, "/")
	p := lib.pod(ns, name)
	some r in reads
	h := {
		"subject": r.config,
		"status": status(p, r),
		"summary": sprintf("%s %s/%s was written at %s by %s, after container %s of pod %s started at %s: it reads it through %s only when it starts, so it still runs the values from before", [r.config.kind, ns, r.config.name, r.written, r.writer, r.container, name, r.started, r.via]),
		"supporting": [
			lib.field(p, sprintf("status.containerStatuses[name=%s].state.running", [r.container]), sprintf("container %s running since %s, before the write", [r.container, r.started])),
			{"object": r.config, "path": "metadata.managedFields", "message": sprintf("data written by %s at %s", [r.writer, r.written])},
		],
		"contradicting": [lib.field(p, "status.conditions[type=Ready]", sprintf("pod %s is Ready: nothing shows the older values hurt", [name])) | lib.healthy(p)],
		"nextCheck": sprintf("kubectl get pods -n %s %s -o jsonpath={.status.containerStatuses[*].state.running.startedAt}", [ns, name]),
		"repair": lib.repair(
			"repository",
			sprintf("make a change of %s %s roll the pods that read it, in Git (a kustomize configMapGenerator or secretGenerator name hash, or a checksum annotation on the pod template); meanwhile `kubectl rollout restart` of %s starts them on the written values", [lower(r.config.kind), r.config.name, owner_name(p)]),
			["the written values are the intended ones (the commit that wrote them is the fix)"],
			["the pods restart and still fail: the new values are wrong too, look at the probe or the log"],
			"none: restarting onto the written values changes no desired state",
			[lib.accept("runtime", sprintf("pods of %s start after %s and become Ready", [owner_name(p), r.written]))],
		),
		"explains": {lib.explain("probe-failing", lib.ref(p)) | failing_before(p, r.written)},
	}
}

# status is supported when the pod was already not Ready when the config
# was written and is not Ready now.
status(p, r) := "supported" if failing_before(p, r.written)

else := "open"

failing_before(p, written) if {
	some c in object.get(p, ["status", "conditions"], [])
	c.type == "Ready"
	c.status != "True"
	time.parse_rfc3339_ns(c.lastTransitionTime) <= time.parse_rfc3339_ns(written)
}

owner_name(p) := sprintf("%s/%s", [lower(o.kind), o.name]) if {
	o := lib.owner(p)
	o.kind != "ReplicaSet"
} else := sprintf("deployment/%s", [d]) if {
	o := lib.owner(p)
	rs := input.objects.ReplicaSet[p.metadata.namespace][o.name]
	d := lib.owner(rs).name
} else := sprintf("pod/%s", [p.metadata.name])
