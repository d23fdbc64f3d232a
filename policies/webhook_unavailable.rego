# METADATA
# title: Admission webhook unavailable
# description: >-
#   The API server could not call an admission webhook ("failed calling
#   webhook": no endpoints, connection refused, timeout, TLS), so, with
#   failurePolicy Fail, it refuses every write the webhook must judge: a
#   controller's pods (FailedCreate, ReplicaFailure), a GitOps apply. The
#   webhook never judged the object, so nothing in Git is wrong: the subject
#   is the webhook's Service (from the call's URL, else from the collected
#   webhook configuration), which the webhook's failing pods explain. It
#   explains the refused writers' hypotheses.
# custom:
#   id: webhook-unavailable
#   cause: webhook-unavailable
#   layer: dependencies
#   stage: actedOn
#   weight: 65
package rift.rules.webhook_unavailable

import data.rift.lib

# failures are the refused writes by subject key: one subject collects
# every writer the webhook held, however many messages name it.
failures[lib.key(t)] contains f if {
	some w in writes
	call := lib.webhook_call(w.message)
	t := target(call)
	f := object.union(w, {"call": call, "target": t})
}

# writes are the refused writes (lib.refused_writes) and the ReplicaFailure
# a Deployment keeps after its ReplicaSet's FailedCreate events expire.
writes contains w if some w in lib.refused_writes

writes contains {"object": lib.ref(o), "message": c.message, "cited": lib.condition_evidence(o, c)} if {
	some ns, name
	o := input.objects.Deployment[ns][name] # its ReplicaSets' conditions say the same
	c := lib.condition(o, "ReplicaFailure")
	c.status == "True"
}

# target is the webhook's Service: named by the URL the API server posted
# to (NAME.NAMESPACE.svc), else by the webhook's configuration in the
# bundle; a URL outside the cluster is a Host.
target(call) := {"apiVersion": "v1", "kind": "Service", "namespace": m[2], "name": m[1]} if {
	m := regex.find_all_string_submatch_n(`^([a-z0-9-]+)\.([a-z0-9-]+)\.svc(\.|$)`, call.host, 1)[0]
} else := svc if {
	[svc] := [s | some c in configs[call.webhook]; s := service_of(c.hook)]
} else := {"apiVersion": "", "kind": "Host", "namespace": "", "name": call.host} if {
	call.host != ""
}

service_of(hook) := {"apiVersion": "v1", "kind": "Service", "namespace": s.namespace, "name": s.name} if {
	s := hook.clientConfig.service
}

# configs maps a webhook's name to the configurations that declare it
# (names are unique only within one configuration).
configs[h.name] contains {"config": cfg, "hook": h} if {
	some kind in {"ValidatingWebhookConfiguration", "MutatingWebhookConfiguration"}
	some name
	cfg := input.objects[kind][""][name]
	some h in cfg.webhooks
}

hypothesis contains h if {
	some fset in failures
	fs := sort_failures(fset)
	t := fs[0].target
	call := fs[0].call
	writers := sort({lib.key(f.object) | some f in fs})
	h := {
		"subject": t,
		"summary": sprintf("the API server cannot call admission webhook %q (%s: %s), so it refuses the writes the webhook must judge: %s", [
			call.webhook, lib.key(t), call.detail, concat(", ", writers),
		]),
		"supporting": array.concat(
			array.concat(
				sort_evidence({f.cited | some f in fs}),
				config_evidence(call.webhook),
			),
			backend_evidence(t),
		),
		"contradicting": [],
		"nextCheck": check(t),
		"repair": repair(t, call),
		"explains": {lib.explain(c, r) |
			some f in fs
			some r in writer_refs(f.object)
			some c in writer_causes
		},
	}
}

# sort_failures orders a subject's failures, so that the call the summary
# quotes is the same in every evaluation.
sort_failures(fset) := [x[2] | some x in sort([[f.cited.time, f.message, f] | some f in fset])]

sort_evidence(s) := [e | some e in s]

# writer_causes are what a refused writer is otherwise taken for.
writer_causes := {"not-converged", "rollout-blocked", "pod-create-denied", "apply-rejected", "reconcile-stale"}

# writer_refs are the writer and its controller (a ReplicaSet's
# Deployment): the rollout it holds.
writer_refs(r) := {r} | {o |
	obj := input.objects[r.kind][r.namespace][r.name]
	o := lib.owner(obj)
}

config_evidence(webhook) := [lib.field(c.config, sprintf("webhooks[name=%s]", [webhook]), sprintf(
	"failurePolicy %s: %s",
	[object.get(c.hook, "failurePolicy", "Fail"), policy_meaning(object.get(c.hook, "failurePolicy", "Fail"))],
)) |
	some c in configs[webhook]
]

policy_meaning("Ignore") := "the API server admits what the webhook cannot judge"

policy_meaning(p) := "the API server refuses what the webhook cannot judge" if p != "Ignore"

# backend_evidence is the Service's present state when the bundle holds it.
backend_evidence(t) := [lib.field(svc, "spec.selector", backends(t, names))] if {
	t.kind == "Service"
	svc := input.objects.Service[t.namespace][t.name]
	names := object.get(input.service_pods, concat("/", [t.namespace, t.name]), [])
} else := []

backends(_, names) := "it selects no pod" if count(names) == 0

backends(t, names) := sprintf("it selects %s, %d Ready", [lib.count_of(count(names), "pod"), count(ready)]) if {
	count(names) > 0
	ready := [n | some n in names; lib.healthy(lib.pod(t.namespace, n))]
}

check(t) := sprintf("kubectl get endpoints %s -n %s", [t.name, t.namespace]) if t.kind == "Service"

check(t) := "kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o yaml" if t.kind != "Service"

repair(t, call) := lib.repair(
	"external-dependency",
	sprintf("restore the webhook's backend, %s (%s), with its owner; the refused writes succeed on their own once the webhook answers, so the writers are not changed", [lib.key(t), remedy(call.detail)]),
	[
		"the webhook's owner is engaged: deleting the webhook configuration or setting failurePolicy Ignore admits what its policy would refuse, and is that owner's decision",
		"the webhook's own hypotheses are checked first (its pods, endpoints, certificate)",
	],
	["the writes fail with `admission webhook ... denied the request`: the webhook answers and refuses them, a policy matter (pod-create-denied, apply-rejected)"],
	"none: nothing is changed in the writers",
	[
		lib.accept("dependencies", sprintf("%s answers admission requests", [lib.key(t)])),
		lib.accept("controller", "the refused writes succeed: the controllers create their pods, the GitOps apply passes"),
	],
)

remedy(d) := "its pods are not Ready or it selects none: bring them back" if {
	regex.match(`no endpoints available|service ".*" not found|connection refused`, d)
} else := "the serving certificate does not match the configuration's caBundle: reissue or re-inject it" if {
	regex.match(`x509|certificate|tls:`, d)
} else := "the call timed out: check the network path from the control plane to the webhook pods' port, and the webhook's latency against timeoutSeconds" if {
	regex.match(`(?i)deadline exceeded|timeout`, d)
} else := "read the webhook's own logs for why it failed the call"
