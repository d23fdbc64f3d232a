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
		"repair": fetch_repair(src, c.message),
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
		"repair": consumer_repair(obj, c.message),
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
		"repair": app_repair(app, c.message),
		"explains": set(),
	}
}

# missing_in_source: the source answers, and what Git names in it does not
# exist there: a chart version not published, a branch or tag the remote
# does not have (Argo CD: "Unable to resolve 'X' to a commit SHA"), an OCI
# tag unknown to the registry.
missing_in_source(msg) if regex.match(`(?i)unable to resolve '[^']+' to a commit sha|chart with version matching|chart "[^"]+" version "[^"]+" not found|couldn't find remote ref|reference not found|unable to find (the )?(tag|branch|ref)|tag "?[^ ]*"? not found|manifest unknown`, msg)

# where names a source for a reader: its URL, else the source it reads
# from (a HelmChart's HelmRepository), else its name.
where(src) := src.spec.url if {
	src.spec.url
} else := sprintf("%s %s", [src.spec.sourceRef.kind, src.spec.sourceRef.name]) if {
	src.spec.sourceRef.name
} else := src.metadata.name

# fetch_repair: a version or ref that Git names and the source lacks is
# corrected in Git (or published first); anything else is the access to
# the source.
fetch_repair(src, msg) := lib.repair(
	"repository",
	sprintf("the version or ref named in Git does not exist in %v: set one that does (a HelmRelease's spec.chart.spec.version, a source's spec.ref), or publish it before the change that names it", [where(src)]),
	["the version or ref was meant to exist: a release pipeline that has not published it yet resolves this by itself once it does"],
	["the source fetches but consumers stay failed"],
	"revert the commit that named it: the previous artifact is still served",
	lib.gitops_acceptance(lib.ref(src)),
) if {
	missing_in_source(msg)
} else := lib.repair(
	"external-dependency",
	sprintf("restore access to %v: repository URL, credentials secret, network path or the ref named in Git", [object.get(src.spec, "url", src.metadata.name)]),
	["the URL and ref in Git are the intended ones", "credentials are not rotated before the error names them"],
	["the source fetches but consumers stay failed"],
	"none: fetching does not change the cluster",
	lib.gitops_acceptance(lib.ref(src)),
)

# consumer_repair: a consumer whose source lacks the version Git names
# (helm-controller repeats its HelmChart's message) is repaired like that
# source; otherwise its reference to the source is.
consumer_repair(obj, msg) := lib.repair(
	"repository",
	"the chart version or ref the object names in Git does not exist in its source: set one that does (spec.chart.spec.version), or publish it before the change that names it",
	["the version or ref was meant to exist: a release pipeline that has not published it yet resolves this by itself once it does"],
	["the object stays ArtifactFailed after its source is Ready"],
	"revert the commit that named it: the running release is not changed",
	lib.gitops_acceptance(lib.ref(obj)),
) if {
	missing_in_source(msg)
} else := lib.repair(
	"repository",
	"point the object at an existing source in Git, or restore the source it names",
	["the source kind, name and namespace in spec.sourceRef are the intended ones"],
	["the object stays ArtifactFailed after the source is Ready"],
	"revert the commit",
	lib.gitops_acceptance(lib.ref(obj)),
)

# app_repair: an Application whose targetRevision or chart version the
# repository lacks is corrected where it is written; anything else is the
# access to the repository.
app_repair(app, msg) := lib.repair(
	"repository",
	sprintf("the targetRevision or chart version Application %s names does not exist in %v: set one that does, or push it before the change that names it", [app.metadata.name, object.get(app.spec, ["source", "repoURL"], "its repository")]),
	["the revision was meant to exist: a branch or tag deleted on the remote is restored there instead"],
	["comparison keeps failing with a different error"],
	"revert the change to the Application's source",
	[lib.accept("gitops", sprintf("Application %s shows Synced with no ComparisonError", [app.metadata.name]))],
) if {
	missing_in_source(msg)
} else := lib.repair(
	"external-dependency",
	sprintf("restore repository access for %v (credentials, URL, network)", [object.get(app.spec, ["source", "repoURL"], app.metadata.name)]),
	["the repoURL and targetRevision in the Application are the intended ones"],
	["comparison keeps failing"],
	"none",
	[lib.accept("gitops", sprintf("Application %s shows Synced with no ComparisonError", [app.metadata.name]))],
)
