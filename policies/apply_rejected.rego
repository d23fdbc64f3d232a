# METADATA
# title: Apply rejected
# description: >-
#   The API server refused the rendered objects: schema validation, an
#   admission webhook or policy, RBAC, or an unknown kind (Flux
#   ReconciliationFailed / Helm install or upgrade failed with such a
#   message, Argo CD sync failed). Objects that depend on it wait.
# custom:
#   id: apply-rejected
#   cause: apply-rejected
#   layer: applied
#   stage: accepted
#   weight: 80
package rift.rules.apply_rejected

import data.rift.lib

rejection := `(?i)admission webhook|denied the request|is invalid|dry-run failed|forbidden|could not find the requested resource|no matches for kind|field is immutable|cannot patch|failed to create`

hypothesis contains h if {
	some kind in {"Kustomization", "HelmRelease"}
	some ns, name
	obj := input.objects[kind][ns][name]
	some c in lib.flux_failures(obj)
	c.reason in {"ReconciliationFailed", "InstallFailed", "UpgradeFailed"}
	regex.match(rejection, c.message)
	not regex.match(data.rift.rules.render_failed.template_error, c.message)
	not lib.webhook_call(c.message) # nothing judged the objects: webhook-unavailable
	not regex.match(data.rift.rules.namespace_terminating.refusal, c.message) # namespace-terminating's
	h := {
		"subject": lib.ref(obj),
		"summary": sprintf("%s %s: the API server rejected the apply: %s", [kind, name, trim_space(c.message)]),
		"supporting": array.concat(array.concat([lib.condition_evidence(obj, c)], history(obj)), not_landed(obj)),
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(obj)),
		"repair": repair_for(c.message),
		"explains": ({lib.explain("dependency-not-ready", object.remove(d, {"path"})) | some d in lib.dependents(lib.ref(obj))} | stale_pods(obj)),
	}
}

# Helm keeps the failed upgrade in status.history; cite the latest entry.
history(obj) := [lib.field(obj, "status.history[0]", sprintf("release %v: %v", [hs.chartVersion, hs.status]))] if {
	hs := obj.status.history[0]
} else := []

hypothesis contains h if {
	some ns, name
	app := input.objects.Application[ns][name]
	op := app.status.operationState
	op.phase in {"Failed", "Error"}
	not lib.waits_on(app) # a hook it ran failed: that is job-failed's, not a rejection
	not lib.webhook_call(object.get(op, "message", "")) # nothing judged the objects: webhook-unavailable
	h := {
		"subject": lib.ref(app),
		"summary": sprintf("Application %s: sync failed: %s", [name, op.message]),
		"supporting": [lib.field_at(app, "status.operationState", sprintf("%s: %s", [op.phase, op.message]), object.get(op, "finishedAt", ""))],
		"contradicting": [],
		"nextCheck": sprintf("argocd app get %s --show-operation", [name]),
		"repair": repair,
		"explains": stale_pods(app),
	}
}

repair := lib.repair(
	"repository",
	"change the manifest in Git so the API server accepts it (schema, policy, immutable field, missing CRD ordering)",
	["the rejecting component (webhook, policy, schema) is identified from the message"],
	["the apply fails with a different rejection"],
	"revert the commit",
	[lib.accept("applied", "the objects are applied at the new revision"), lib.accept("gitops", "the GitOps object reports Ready=True")],
)

# not_landed cites the rendered changes that did not reach the objects this
# GitOps object manages: what the rejected apply would have changed.
# The API server refuses changes to a StatefulSet's spec outside template,
# replicas, updateStrategy and a few more: typically volumeClaimTemplates. Its
# pods and claims are untouched, and the tempting shortcut, deleting the
# claims or the StatefulSet with its pods, would lose data.
repair_for(msg) := statefulset_repair if {
	regex.match(`updates to statefulset spec for fields other than`, msg)
} else := repair

statefulset_repair := lib.repair(
	"repository",
	"revert the StatefulSet spec change (usually volumeClaimTemplates) in Git; to change the claims for real, resize each existing PVC where its StorageClass allows expansion, then recreate only the StatefulSet object (kubectl delete statefulset --cascade=orphan) so the controller adopts the running pods and their claims",
	[
		"the StatefulSet's PersistentVolumeClaims are kept: deleting them destroys the data, and a recreated claim binds an empty volume",
		"the StorageClass allows volume expansion before any claim is resized",
		"replication and a restorable backup are verified before any pod is replaced; ordinals restart from the highest",
	],
	["a PVC of the StatefulSet leaves Bound", "a pod of the StatefulSet is not Ready after the change"],
	"revert the commit: the refused apply changed nothing in the cluster",
	[
		lib.accept("applied", "the StatefulSet is applied at the new revision"),
		lib.accept("gitops", "the GitOps object reports Ready=True"),
		lib.accept("runtime", "every pod is Ready with its original claim Bound"),
	],
)

# stale_pods: the pods of the workloads this GitOps object manages whose
# live spec is not what Git renders (a declared field, or a field Git
# removed) run the spec the refused apply would have replaced, so the
# rejection explains their failures, as drift explains the pods of a
# drifted workload.
stale_pods(obj) := union({lib.pod_explains({"apiVersion": "v1", "kind": "Pod", "namespace": w.ref.namespace, "name": p.name}) |
	some wkey in object.get(input.workloads_by_owner, lib.key(lib.ref(obj)), [])
	w := input.workloads[wkey]
	some d in w.divergences
	d.between == ["rendered", "applied"]
	some p in object.get(w, "pods", [])
})

not_landed(obj) := [{"object": d.object, "path": d.path, "message": sprintf("Git renders %s, live has %s", [rendered(d), json.marshal(d.observed)])} |
	some wkey in object.get(input.workloads_by_owner, lib.key(lib.ref(obj)), [])
	w := input.workloads[wkey]
	some o in object.get(w, "owners", [])
	o.kind == obj.kind
	o.name == obj.metadata.name
	o.namespace == obj.metadata.namespace
	some d in w.divergences
	d.between == ["rendered", "applied"]
]

rendered(d) := "nothing (the field was removed)" if d.removed

else := json.marshal(d.expected)
