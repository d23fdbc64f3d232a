# METADATA
# title: Reconciliation stale
# description: >-
#   The controller reports an older revision than its source without
#   failing: a Flux object that is not suspended and not failing has
#   lastAppliedRevision behind its source artifact, or observedGeneration
#   behind generation.
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
