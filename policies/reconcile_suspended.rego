# METADATA
# title: Reconciliation suspended
# description: >-
#   Reconciliation is switched off while Git moved on: a Flux object has
#   spec.suspend true and its source holds a newer revision than the last
#   applied one, or an Argo CD Application without automated sync is
#   OutOfSync while a newer revision waits for the sync, or an Application
#   with automated sync whose sync an AppProject sync window refuses at
#   capture time (the layers' apply state names the window). Suspended
#   without a newer revision (OutOfSync at the revision already synced)
#   stays open.
# custom:
#   id: reconcile-suspended
#   cause: reconcile-suspended
#   layer: gitops
#   stage: none
#   weight: 75
package rift.rules.reconcile_suspended

import data.rift.lib

hypothesis contains h if {
	some kind in {"Kustomization", "HelmRelease"}
	some ns, name
	obj := input.objects[kind][ns][name]
	obj.spec.suspend == true
	applied := object.get(obj, ["status", "lastAppliedRevision"], "")
	latest := source_revision(obj)
	h := {
		"subject": lib.ref(obj),
		"status": status(applied, latest),
		"summary": sprintf("%s %s is suspended; last applied %v, source at %v", [kind, name, applied, latest]),
		"supporting": [lib.field(obj, "spec.suspend", "reconciliation is suspended"), lib.field(obj, "status.lastAppliedRevision", sprintf("applied %v while the source is at %v", [applied, latest]))],
		"contradicting": [],
		"nextCheck": lib.flux_check(lib.ref(obj)),
		"repair": repair(sprintf("resume %s %s/%s (flux resume) once the hold is no longer intended", [kind, ns, name])),
		"explains": set(),
	}
}

hypothesis contains h if {
	some ns, name
	app := input.objects.Application[ns][name]
	not app.spec.syncPolicy.automated
	app.status.sync.status == "OutOfSync"
	h := {
		"subject": lib.ref(app),
		"status": app_status(app),
		"summary": sprintf("Application %s has no automated sync and is OutOfSync at %v", [name, object.get(app.status.sync, "revision", "unknown")]),
		"supporting": [lib.field(app, "spec.syncPolicy", "automated sync is off"), lib.field(app, "status.sync.status", "OutOfSync")],
		"contradicting": [],
		"nextCheck": sprintf("argocd app diff %s", [name]),
		"repair": repair(sprintf("sync Application %s, or enable automated sync in Git", [name])),
		"explains": set(),
	}
}

# An automated sync the layers judged held: the AppProject's sync windows
# refuse it at capture time (Argo CD logs "Sync prevented by sync window"
# and writes nothing to the Application). The judgement, the refusing
# windows and the time they open again are the layers'; the rule cites them.
hypothesis contains h if {
	some ns, name
	app := input.objects.Application[ns][name]
	app.spec.syncPolicy.automated
	some st in window_holds(app)
	proj := object.get(app.spec, "project", "default")
	h := {
		"subject": lib.ref(app),
		"status": "supported",
		"summary": sprintf("Application %s is OutOfSync at %v and its automated sync is held: %s", [name, object.get(app.status.sync, "revision", "unknown"), st.reason]),
		"supporting": array.concat(
			[lib.field(app, "status.sync.status", sprintf("OutOfSync; the apply state is held by %s", [st.setting]))],
			[lib.field(p, "spec.syncWindows", "the sync windows that refuse the sync at capture time") | p := input.objects.AppProject[_][proj]],
		),
		"contradicting": [],
		"nextCheck": sprintf("argocd proj windows list %s", [proj]),
		"repair": window_repair(app, proj),
		"explains": set(),
	}
}

window_holds(app) := {st |
	some wkey in object.get(input.workloads_by_owner, lib.key(lib.ref(app)), [])
	st := input.workloads[wkey].apply
	st.state == "held"
	startswith(object.get(st, "setting", ""), "AppProject/")
}

window_repair(app, proj) := lib.repair(
	"controller-action",
	sprintf("wait for the window to let Application %s sync, or sync it by hand if the window allows manual syncs; if the change must not wait, change AppProject %s's spec.syncWindows in Git", [app.metadata.name, proj]),
	["the change is meant to go out before the window opens (a fix, not a feature)", "whoever owns the window (release freeze, maintenance) agrees"],
	["the sync fails: see render-failed and apply-rejected"],
	"restore the window in Git; what was synced stays until the next sync",
	[lib.accept("gitops", "the Application is Synced at the revision Git holds"), lib.accept("applied", "applied objects match that revision")],
)

# app_status: a manual sync policy explains an OutOfSync Application only
# when a newer revision waits for the sync: the apply state of a workload it
# manages (decided in the layers from the synced and target revisions) is
# held. OutOfSync at the revision already synced is a live change (drift),
# which a suspended sync does not explain: open.
app_status(app) := "supported" if {
	some wkey in object.get(input.workloads_by_owner, lib.key(lib.ref(app)), [])
	input.workloads[wkey].apply.state == "held"
} else := "open"

source_revision(obj) := rev if {
	ref := obj.spec.sourceRef
	src := input.objects[ref.kind][object.get(ref, "namespace", obj.metadata.namespace)][ref.name]
	rev := src.status.artifact.revision
} else := "unknown"

status(applied, latest) := "supported" if {
	latest != "unknown"
	not lib.same_revision(applied, latest)
} else := "open"

repair(action) := lib.repair(
	"controller-action",
	action,
	["the suspension was not an intended freeze (incident, migration)", "the pending revision has been reviewed"],
	["the resumed reconcile fails: see render-failed and apply-rejected"],
	"suspend again; the cluster keeps its current state",
	[lib.accept("gitops", "the object reconciles the latest revision"), lib.accept("applied", "applied objects match the latest revision")],
)
