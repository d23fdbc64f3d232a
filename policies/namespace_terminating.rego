# METADATA
# title: Namespace deletion stuck
# description: >-
#   A namespace is being deleted and the deletion cannot finish: objects in
#   it keep finalizers nobody removes, or the namespace controller cannot
#   list an API group (an APIService whose backend is down). Until it is
#   gone, the API server refuses every new object in it ("unable to create
#   new content in namespace X because it is being terminated"), so a
#   GitOps apply into it fails however right the manifests are. The subject
#   is the Namespace, from its own status or, when the bundle lacks it, from
#   the refusals; it explains the refused writers.
# custom:
#   id: namespace-terminating
#   cause: namespace-terminating
#   layer: applied
#   stage: accepted
#   weight: 70
package rift.rules.namespace_terminating

import data.rift.lib

refusal := `unable to create new content in namespace ([a-z0-9-]+) because it is being terminated`

# refused are the writers the terminating namespace turned away:
# namespace -> {writer ref, evidence}.
refused[ns] contains {"writer": w.object, "cited": w.cited} if {
	some w in lib.refused_writes
	ns := regex.find_all_string_submatch_n(refusal, w.message, 1)[0][1]
}

# terminating are the namespaces the bundle shows being deleted.
terminating contains name if {
	some name
	n := input.objects.Namespace[""][name]
	object.get(n, ["status", "phase"], "") == "Terminating"
}

hypothesis contains h if {
	some ns in (terminating | {n | some n, _ in refused})
	writers := object.get(refused, ns, set())
	stuck := blocking(ns)
	h := {
		"subject": ns_ref(ns),
		"summary": sprintf("namespace %s is being deleted and cannot finish%s; the API server refuses every new object in it%s", [ns, why(stuck), refused_text(writers)]),
		"supporting": array.concat(
			array.concat(
				[c | some c in stuck],
				[x.cited | some x in writers],
			),
			holders(ns),
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get namespace %s -o yaml", [ns]),
		"repair": repair(ns, stuck),
		"explains": {lib.explain(c, x.writer) |
			some x in writers
			some c in {"apply-rejected", "not-converged", "reconcile-stale", "pod-create-denied"}
		},
	}
}

ns_ref(ns) := lib.ref(input.objects.Namespace[""][ns]) if input.objects.Namespace[""][ns]

else := {"apiVersion": "v1", "kind": "Namespace", "namespace": "", "name": ns}

# blocking are the namespace controller's conditions that say why the
# deletion waits, as evidence.
blocking(ns) := [lib.condition_evidence(n, c) |
	n := input.objects.Namespace[""][ns]
	some c in object.get(n, ["status", "conditions"], [])
	c.status == "True"
	c.type in {"NamespaceDeletionDiscoveryFailure", "NamespaceDeletionGroupVersionParsingFailure", "NamespaceDeletionContentFailure", "NamespaceFinalizersRemaining", "NamespaceContentRemaining"}
]

why(stuck) := sprintf(" (%s)", [concat("; ", [trim_prefix(c.message, concat("", [split(c.message, ": ")[0], ": "])) | some c in stuck])]) if count(stuck) > 0

else := ""

refused_text(writers) := sprintf(", so %s cannot apply", [concat(", ", sort({lib.key(x.writer) | some x in writers}))]) if count(writers) > 0

else := ""

# holders are the objects still in the namespace that carry finalizers.
holders(ns) := [lib.field(o, "metadata.finalizers", sprintf("%s keeps finalizer %s", [lib.key(lib.ref(o)), concat(", ", o.metadata.finalizers)])) |
	terminating[ns]
	some kind, name
	o := input.objects[kind][ns][name]
	count(object.get(o, ["metadata", "finalizers"], [])) > 0
]

repair(ns, stuck) := lib.repair(
	"controller-action",
	sprintf("finish the deletion of namespace %s outside Git: %s; once it is gone, GitOps recreates it and applies the revision (the Namespace must be in Git, or created, for that)", [ns, remedy(stuck)]),
	[
		"the owner of each finalizer is identified: removing a finalizer skips its controller's cleanup (external resources, locks), so it is removed only once that controller is confirmed gone for good",
		"undoing the deletion is not possible: a terminating namespace cannot be restored, only finished",
	],
	["objects keep reappearing in the namespace: a controller still writes there"],
	"none: a deletion cannot be undone",
	[lib.accept("applied", sprintf("namespace %s exists again and the GitOps apply succeeds", [ns]))],
)

remedy(stuck) := "restore the API service the namespace controller cannot reach (its APIService's backend), or remove that APIService" if {
	some c in stuck
	contains(c.message, "NamespaceDeletionDiscoveryFailure")
} else := "restore the controllers that own the finalizers left on objects in it so they finish their cleanup, or remove those finalizers once their controllers are gone for good" if {
	count(stuck) > 0
} else := "see why the namespace controller cannot finish (kubectl get namespace -o yaml shows its conditions)"
