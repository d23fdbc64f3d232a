# METADATA
# title: Reconciliation stale
# description: >-
#   The controller reports an older revision than its source without
#   failing: a Flux object that is not suspended and not failing has
#   lastAppliedRevision behind its source artifact, or observedGeneration
#   behind generation; or an Argo CD Application with automated sync and no
#   failed operation or error condition that reports an older revision than
#   the Git source recorded for it, longer than a refresh could explain.
# custom:
#   id: reconcile-stale
#   cause: reconcile-stale
#   layer: gitops
#   stage: none
#   weight: 55
package rift.rules.reconcile_stale

import data.rift.lib

hypothesis contains h if {
	some kind in {"Kustomization", "HelmRelease"}
	some ns, name
	obj := input.objects[kind][ns][name]
	not obj.spec.suspend
	not lib.flux_ready_false(obj)
	some gap in gaps(obj)
	h := {
		"subject": lib.ref(obj),
		"status": status(obj),
		"summary": sprintf("%s %s is stale: %s", [kind, name, gap.message]),
		"supporting": [gap],
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(obj)),
		"repair": lib.repair(
			"controller-action",
			sprintf("find why %s's controller does not pick up the new revision (controller health, interval, source not updated)", [name]),
			["the Flux controllers are running"],
			["the object stays at the old revision after the controller is healthy"],
			"none",
			lib.gitops_acceptance(lib.ref(obj)),
		),
		"explains": set(),
	}
}

gaps(obj) := {g | g := revision_gap(obj)} | {g | g := generation_gap(obj)}

revision_gap(obj) := lib.field(obj, "status.lastAppliedRevision", sprintf("applied %s, source artifact at %s", [applied, latest])) if {
	applied := obj.status.lastAppliedRevision
	ref := obj.spec.sourceRef
	src := input.objects[ref.kind][object.get(ref, "namespace", obj.metadata.namespace)][ref.name]
	latest := src.status.artifact.revision
	not lib.same_revision(applied, latest)
}

generation_gap(obj) := lib.field(obj, "status.observedGeneration", sprintf("observedGeneration %v behind generation %v", [obj.status.observedGeneration, obj.metadata.generation])) if {
	obj.status.observedGeneration < obj.metadata.generation
}

# A reconcile in progress (Reconciling=True) may still catch up: open.
status(obj) := "open" if lib.condition(obj, "Reconciling").status == "True"

else := "supported"

# argo_refresh_ns is how long an automated Application may lag a commit
# before the lag means more than a pending poll: Argo CD's default
# timeout.reconciliation (180s) plus its jitter, rounded up to five minutes.
argo_refresh_ns := 300000000000

hypothesis contains h if {
	some ns, name
	app := input.objects.Application[ns][name]
	app.spec.syncPolicy.automated
	not argo_failing(app)
	applied := app.status.sync.revision
	some src in object.get(input.bundle, "sources", {})
	same_source(app.spec.source, src)
	not lib.same_revision(applied, src.revision)
	h := {
		"subject": lib.ref(app),
		"status": argo_status(src),
		"summary": sprintf("Application %s is stale: %v at %v while its Git source is at %v", [name, object.get(app.status.sync, "status", "unknown"), applied, src.revision]),
		"supporting": [lib.field_at(app, "status.sync.revision", sprintf("compared and synced %v; Git %v is at %v", [applied, src.url, src.revision]), object.get(app.status, "reconciledAt", ""))],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get application %s -n %s -o jsonpath={.status.reconciledAt}{' '}{.status.sync.revision}", [name, ns]),
		"repair": lib.repair(
			"controller-action",
			sprintf("find why the Argo CD application controller does not refresh %s (controller replicas and sharding, repo-server health, refresh timeout)", [name]),
			["the argocd-application-controller and repo-server pods are running"],
			["the Application stays at the old revision after a hard refresh"],
			"none",
			[lib.accept("gitops", sprintf("Application %s reports Synced at %v", [name, src.revision])), lib.accept("applied", "applied objects match the new revision")],
		),
		"explains": set(),
	}
}

argo_failing(app) if app.status.operationState.phase in {"Failed", "Error"}

argo_failing(app) if {
	some c in object.get(app, ["status", "conditions"], [])
	endswith(c.type, "Error")
}

same_source(s, src) if {
	norm_url(s.repoURL) == norm_url(src.url)
	trim(object.get(s, "path", ""), "./") == trim(object.get(src, "path", ""), "./")
}

norm_url(u) := trim_suffix(trim_suffix(lower(u), "/"), ".git")

argo_status(src) := "supported" if {
	time.parse_rfc3339_ns(input.bundle.captureTime) - time.parse_rfc3339_ns(src.commitTime) > argo_refresh_ns
} else := "open"
