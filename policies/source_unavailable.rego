# METADATA
# title: GitOps source unavailable
# description: >-
#   A Flux source (GitRepository, OCIRepository, HelmRepository, HelmChart,
#   Bucket) cannot fetch its artifact, a Flux object points at a source that
#   is missing or not ready, or an Argo CD Application cannot reach its
#   repository. A failing source explains the objects that consume it.
# custom:
#   id: source-unavailable
#   cause: source-unavailable
#   layer: gitops
#   stage: none
#   weight: 85
package rift.rules.source_unavailable

import data.rift.lib

source_kinds := {"GitRepository", "OCIRepository", "HelmRepository", "HelmChart", "Bucket"}

consumer_reasons := {"ArtifactFailed", "SourceUnavailable", "SourceNotReady"}

hypothesis contains h if {
	some kind in source_kinds
	some ns, name
	src := input.objects[kind][ns][name]
	c := lib.flux_ready_false(src)
	h := {
		"subject": lib.ref(src),
		"summary": sprintf("%s %s cannot fetch its artifact (%s): %s", [kind, name, c.reason, c.message]),
		"supporting": array.concat([lib.condition_evidence(src, c)], [lib.event(src, e) | some e in lib.events(src); e.type == "Warning"]),
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(src)),
		"repair": lib.repair(
			"external-dependency",
			sprintf("restore access to %v: repository URL, credentials secret, network path or the ref named in Git", [object.get(src.spec, "url", name)]),
			["the URL and ref in Git are the intended ones", "credentials are not rotated before the error names them"],
			["the source fetches but consumers stay failed"],
			"none: fetching does not change the cluster",
			lib.gitops_acceptance(lib.ref(src)),
		),
		"explains": {lib.explain("source-unavailable", object.remove(r, {"path"})) |
			some r in object.get(input.referenced_by, lib.key(lib.ref(src)), [])
		},
	}
}

hypothesis contains h if {
	some kind in {"Kustomization", "HelmRelease"}
	some ns, name
	obj := input.objects[kind][ns][name]
	c := lib.flux_ready_false(obj)
	c.reason in consumer_reasons
	h := {
		"subject": lib.ref(obj),
		"summary": sprintf("%s %s has no source artifact: %s", [kind, name, c.message]),
		"supporting": [lib.condition_evidence(obj, c)],
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(obj)),
		"repair": lib.repair(
			"repository",
			"point the object at an existing source in Git, or restore the source it names",
			["the source kind, name and namespace in spec.sourceRef are the intended ones"],
			["the object stays ArtifactFailed after the source is Ready"],
			"revert the commit",
			lib.gitops_acceptance(lib.ref(obj)),
		),
		"explains": {lib.explain("dependency-not-ready", object.remove(d, {"path"})) | some d in lib.dependents(lib.ref(obj))},
	}
}

# A Kustomization or HelmRelease still Ready at the revision it last
# applied while its source cannot fetch the newer one: the layers judge it
# blocked (the new revision cannot arrive), and the failing source explains
# it through the link above.
hypothesis contains h if {
	some w in input.workloads
	w.ref.kind in {"Kustomization", "HelmRelease"}
	w.convergence == "blocked"
	obj := input.objects[w.ref.kind][w.ref.namespace][w.ref.name]
	sref := object.get(obj, ["spec", "sourceRef"], {})
	src := input.objects[sref.kind][object.get(sref, "namespace", w.ref.namespace)][sref.name]
	lib.flux_ready_false(src)
	h := {
		"subject": lib.ref(obj),
		"summary": sprintf("%s %s cannot receive the new revision: its source %s %s cannot fetch", [w.ref.kind, w.ref.name, sref.kind, sref.name]),
		"supporting": [{"object": lib.ref(obj), "path": "status.lastAppliedRevision", "message": w.convergenceReason}],
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(obj)),
		"repair": lib.repair(
			"none",
			sprintf("repair source %s %s (see the hypothesis that explains this one): the object applies the new revision by itself once the source fetches it", [sref.kind, sref.name]),
			[],
			[],
			"none: nothing is changed",
			lib.gitops_acceptance(lib.ref(obj)),
		),
		"explains": {lib.explain("dependency-not-ready", object.remove(d, {"path"})) | some d in lib.dependents(lib.ref(obj))},
	}
}

hypothesis contains h if {
	some ns, name
	app := input.objects.Application[ns][name]
	some c in object.get(app, ["status", "conditions"], [])
	c.type == "ComparisonError"
	regex.match(`(?i)repository not found|authentication required|unable to resolve|rpc error.*(git|repo)|failed to fetch|dial tcp`, c.message)
	h := {
		"subject": lib.ref(app),
		"summary": sprintf("Application %s cannot reach its repository: %s", [name, c.message]),
		"supporting": [lib.field_at(app, "status.conditions[type=ComparisonError]", c.message, object.get(c, "lastTransitionTime", ""))],
		"contradicting": [],
		"nextCheck": sprintf("argocd app get %s --show-operation", [name]),
		"repair": lib.repair(
			"external-dependency",
			sprintf("restore repository access for %v (credentials, URL, network)", [object.get(app.spec, ["source", "repoURL"], name)]),
			["the repoURL and targetRevision in the Application are the intended ones"],
			["comparison keeps failing"],
			"none",
			[lib.accept("gitops", sprintf("Application %s shows Synced with no ComparisonError", [name]))],
		),
		"explains": set(),
	}
}
