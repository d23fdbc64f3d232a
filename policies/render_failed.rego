# METADATA
# title: Render failed
# description: >-
#   The GitOps controller could not render the manifests: kustomize build
#   failed (Flux BuildFailed), Helm templating failed, or Argo CD reports a
#   manifest generation error. Objects that depend on it wait.
# custom:
#   id: render-failed
#   cause: render-failed
#   layer: rendered
#   stage: none
#   weight: 85
package rift.rules.render_failed

import data.rift.lib

template_error := `(?i)kustomize build|accumulat|template: |parse error|execution error|YAML parse error|error converting YAML|failed to render|Manifest generation error|helm template|post render|unmarshal errors`

failures(obj) := {c |
	some c in lib.flux_failures(obj)
	render_failure(c)
}

render_failure(c) if c.reason == "BuildFailed"

render_failure(c) if {
	c.reason in {"InstallFailed", "UpgradeFailed", "ReconciliationFailed"}
	regex.match(template_error, c.message)
}

hypothesis contains h if {
	some kind in {"Kustomization", "HelmRelease"}
	some ns, name
	obj := input.objects[kind][ns][name]
	some c in failures(obj)
	h := {
		"subject": lib.ref(obj),
		"summary": sprintf("%s %s cannot render its manifests: %s", [kind, name, c.message]),
		"supporting": [lib.condition_evidence(obj, c)],
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(obj)),
		"repair": repair,
		"explains": {lib.explain("dependency-not-ready", object.remove(d, {"path"})) | some d in lib.dependents(lib.ref(obj))},
	}
}

hypothesis contains h if {
	some ns, name
	app := input.objects.Application[ns][name]
	some c in object.get(app, ["status", "conditions"], [])
	c.type == "ComparisonError"
	regex.match(template_error, c.message)
	h := {
		"subject": lib.ref(app),
		"summary": sprintf("Application %s cannot render its manifests: %s", [name, c.message]),
		"supporting": [lib.field_at(app, "status.conditions[type=ComparisonError]", c.message, object.get(c, "lastTransitionTime", ""))],
		"contradicting": [],
		"nextCheck": sprintf("argocd app manifests %s", [name]),
		"repair": repair,
		"explains": set(),
	}
}

repair := lib.repair(
	"repository",
	"fix the kustomization, chart or values in Git so that the build succeeds locally (kustomize build / helm template)",
	["the same build fails locally at the tracked revision"],
	["the build succeeds but apply fails: see apply-rejected"],
	"revert the commit",
	[lib.accept("rendered", "kustomize build / helm template succeeds at the new revision"), lib.accept("gitops", "the object reports Ready=True at the new revision")],
)
