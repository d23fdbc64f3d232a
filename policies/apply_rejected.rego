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
	h := {
		"subject": lib.ref(obj),
		"summary": sprintf("%s %s: the API server rejected the apply: %s", [kind, name, trim_space(c.message)]),
		"supporting": array.concat(array.concat([lib.condition_evidence(obj, c)], history(obj)), not_landed(obj)),
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(obj)),
		"repair": repair,
		"explains": {lib.explain("dependency-not-ready", object.remove(d, {"path"})) | some d in lib.dependents(lib.ref(obj))},
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
	h := {
		"subject": lib.ref(app),
		"summary": sprintf("Application %s: sync failed: %s", [name, op.message]),
		"supporting": [lib.field_at(app, "status.operationState", sprintf("%s: %s", [op.phase, op.message]), object.get(op, "finishedAt", ""))],
		"contradicting": [],
		"nextCheck": sprintf("argocd app get %s --show-operation", [name]),
		"repair": repair,
		"explains": set(),
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
not_landed(obj) := [{"object": d.object, "path": d.path, "message": sprintf("Git renders %s, live has %s", [json.marshal(d.expected), json.marshal(d.observed)])} |
	some w in input.workloads
	some o in object.get(w, "owners", [])
	o.kind == obj.kind
	o.name == obj.metadata.name
	o.namespace == obj.metadata.namespace
	some d in w.divergences
	d.between == ["rendered", "applied"]
]
