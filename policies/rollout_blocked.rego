# METADATA
# title: Rollout blocked
# description: >-
#   The workload's template changed but existing pods were not replaced:
#   an unready pod blocks an ordered StatefulSet rollout, the update
#   strategy is OnDelete, a partition holds pods back, or the Deployment is
#   paused. With podManagementPolicy OrderedReady the StatefulSet controller
#   stops at a pod that is not Running and Ready before it updates anything,
#   so a broken pod never receives the fixed template and needs manual
#   replacement (kubernetes/kubernetes#67250). The old pods' own failures
#   are effects of this.
# custom:
#   id: rollout-blocked
#   cause: rollout-blocked
#   layer: controller
#   stage: actedOn
#   weight: 80
package rift.rules.rollout_blocked

import data.rift.lib

# StatefulSet pods left on an old revision.
hypothesis contains h if {
	some ns, name
	w := input.objects.StatefulSet[ns][name]
	update := w.status.updateRevision
	update != object.get(w.status, "currentRevision", update)
	old := [p | some p in pods(w); p.metadata.labels["controller-revision-hash"] != update]
	count(old) > 0
	why := blocker(w, old)
	h := {
		"subject": lib.ref(w),
		"summary": sprintf("StatefulSet %s changed its template (revision %s) but pods %v still run revision %s: %s%s", [name, update, [p.metadata.name | some p in old], w.status.currentRevision, why, never_reached(w)]),
		"supporting": array.concat(
			[lib.field(w, "status.updateRevision", sprintf("updateRevision %s != currentRevision %s; updatedReplicas %v of %v", [update, w.status.currentRevision, object.get(w.status, "updatedReplicas", 0), object.get(w.spec, "replicas", 1)]))],
			array.concat([pod_evidence(p) | some p in old], divergences(w)),
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get pods -n %s -l controller-revision-hash=%s -o custom-columns=NAME:.metadata.name,READY:.status.containerStatuses[*].ready,RESTARTS:.status.containerStatuses[*].restartCount", [ns, w.status.currentRevision]),
		"repair": repair(w, old),
		"explains": union({lib.pod_explains(lib.ref(p)) | some p in old}),
	}
}

# A paused Deployment keeps its old ReplicaSet.
hypothesis contains h if {
	some ns, name
	d := input.objects.Deployment[ns][name]
	d.spec.paused == true
	object.get(d.status, "updatedReplicas", 0) < object.get(d.spec, "replicas", 1)
	h := {
		"subject": lib.ref(d),
		"summary": sprintf("Deployment %s is paused with %v of %v replicas updated", [name, object.get(d.status, "updatedReplicas", 0), object.get(d.spec, "replicas", 1)]),
		"supporting": [lib.field(d, "spec.paused", "the rollout is paused")],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get deployment %s -n %s -o jsonpath={.spec.paused}", [name, ns]),
		"repair": lib.repair(
			"controller-action",
			sprintf("resume the rollout of Deployment %s/%s (or remove spec.paused in Git if Git sets it)", [ns, name]),
			["the pause was not an intended hold (canary, incident freeze)"],
			["new pods fail readiness after resuming"],
			"pause again and roll back to the previous ReplicaSet",
			[lib.accept("controller", "updatedReplicas equals replicas"), lib.accept("runtime", "new pods are Ready")],
		),
		"explains": set(),
	}
}

# pods are the workload's pods: from the rebuilt workload when present,
# else by StatefulSet ordinal names.
pods(w) := [p |
	some ps in input.workloads[lib.key(lib.ref(w))].pods
	p := lib.pod(w.metadata.namespace, ps.name)
] if input.workloads[lib.key(lib.ref(w))]

else := [p |
	some i in numbers.range(0, object.get(w.spec, "replicas", 1) - 1)
	p := lib.pod(w.metadata.namespace, sprintf("%s-%d", [w.metadata.name, i]))
]

ready(p) if lib.condition(p, "Ready").status == "True"

blocker(w, _) := "updateStrategy is OnDelete: pods change only when deleted" if w.spec.updateStrategy.type == "OnDelete"

else := sprintf("partition %v holds lower ordinals back", [w.spec.updateStrategy.rollingUpdate.partition]) if {
	is_number(w.spec.updateStrategy.rollingUpdate.partition)
	w.spec.updateStrategy.rollingUpdate.partition > 0
}

else := sprintf("old pod %s is not Ready, and the controller waits for it before replacing it", [old_unready(w)[0].metadata.name]) if {
	object.get(w.spec, "podManagementPolicy", "OrderedReady") == "OrderedReady"
}

old_unready(w) := [p | some p in pods(w); p.metadata.labels["controller-revision-hash"] != w.status.updateRevision; not ready(p)]

pod_evidence(p) := lib.field(p, "metadata.labels.controller-revision-hash", sprintf("pod %s runs revision %s, Ready=%v, restarts %v", [
	p.metadata.name, p.metadata.labels["controller-revision-hash"], ready(p),
	sum([object.get(s, "restartCount", 0) | some s in lib.statuses(p)]),
]))

divergences(w) := [{"object": d.object, "path": d.path, "message": sprintf("%s has %s, %s has %s", [d.between[0], json.marshal(d.expected), d.between[1], json.marshal(d.observed)])} |
	some d in object.get(input.workloads, [lib.key(lib.ref(w)), "divergences"], [])
]

repair(w, old) := lib.repair(
	"controller-action",
	sprintf("after the preconditions hold, delete only pod %s so the %s controller recreates it from revision %s; never delete the %s or its PersistentVolumeClaims", [old[0].metadata.name, w.kind, w.status.updateRevision, w.kind]),
	lib.stateful_preconditions(w.metadata.namespace, old[0].metadata.name),
	["the replacement pod is not Ready within its probe budget", "the replacement pod's PersistentVolumeClaim does not re-bind", "another member becomes unready or under-replicated"],
	"the previous template stays in ControllerRevision history: revert the Git change and replace the pod again",
	[
		lib.accept("controller", "status.currentRevision equals status.updateRevision and updatedReplicas equals replicas"),
		lib.accept("runtime", sprintf("pod %s runs the new template's spec, is Ready with 0 restarts", [old[0].metadata.name])),
		lib.accept("external", "clients of the workload succeed (produce/consume, queries, traces accepted)"),
	],
)

# never_reached names the template fields (up to three) the layers found
# missing from the running pods: the change that never reached them.
never_reached(w) := sprintf("; never reached the pods: %s", [concat(", ", array.slice(items, 0, 3))]) if {
	divs := [d |
		some d in input.workloads[lib.key(lib.ref(w))].divergences
		d.between == ["controller", "runtime"]
	]
	items := [sprintf("%s is %s on %s (template %s)", [path, short(first.observed), concat(", ", pods), short(first.expected)]) |
		some path in {d.path | some d in divs}
		same := [d | some d in divs; d.path == path]
		first := same[0]
		pods := sort({d.object.name | some d in same})
	]
	count(items) > 0
} else := ""

# short keeps a value readable in a one-line summary; the evidence has it
# in full.
short(v) := s if {
	s := json.marshal(v)
	count(s) <= 60
} else := concat("", [substring(json.marshal(v), 0, 57), "..."])
