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

# The layers judge whether a rollout is blocked and by which controller
# setting (workloads[k].blocker); this rule turns that verdict into a
# cause and never judges the controller again. A block whose cause is a
# failing pod (a new pod that cannot start) has no blocker: the rules
# about that failure explain it.
hypothesis contains h if {
	some k, w in input.workloads
	w.convergence == "blocked"
	w.blocker in {"onDelete", "partition", "paused", "orderedReady", "terminating"}
	obj := input.objects[w.ref.kind][w.ref.namespace][w.ref.name]
	old := old_pods(w)
	h := {
		"subject": lib.ref(obj),
		"summary": sprintf("%s %s changed its template but %s: %s%s", [w.ref.kind, w.ref.name, on_old(old), w.convergenceReason, never_reached(k)]),
		"supporting": array.concat(
			array.concat([setting(obj, w)], progress(obj)),
			array.concat([pod_evidence(w, p) | some p in old], divergences(w)),
		),
		"contradicting": [],
		"nextCheck": next_check(obj, w),
		"repair": repair(obj, w, old),
		"explains": union({lib.pod_explains(lib.ref(p)) | some p in old}),
	}
}

# progress cites how far the controller got, in its own status fields.
progress(obj) := [lib.field(obj, "status.updateRevision", sprintf("updateRevision %s != currentRevision %s; updatedReplicas %v of %v", [
	obj.status.updateRevision, status(obj, "currentRevision", "none"),
	status(obj, "updatedReplicas", 0), object.get(obj, ["spec", "replicas"], 1),
]))] if obj.status.updateRevision

else := [lib.field(obj, "status.updatedNumberScheduled", sprintf("updatedNumberScheduled %v of desiredNumberScheduled %v", [
	status(obj, "updatedNumberScheduled", 0), status(obj, "desiredNumberScheduled", 0),
]))] if {
	obj.kind == "DaemonSet"
}

else := [lib.field(obj, "status.updatedReplicas", sprintf("updatedReplicas %v of %v", [
	status(obj, "updatedReplicas", 0), object.get(obj, ["spec", "replicas"], 1),
]))]

status(obj, f, def) := object.get(obj, ["status", f], def)

# target is the revision a replaced pod is recreated from.
target(obj) := sprintf("revision %s", [obj.status.updateRevision]) if obj.status.updateRevision

else := "the current template"

# on_old names the pods the new template has not reached.
on_old(old) := sprintf("pods %s still run the old one", [concat(", ", [p.metadata.name | some p in old])]) if count(old) > 0

else := "not every pod runs it"

# old_pods are the workload's pods that do not run its current template,
# as the layers found them.
old_pods(w) := [p |
	some ps in object.get(w, "pods", [])
	not ps.current
	p := lib.pod(w.ref.namespace, ps.name)
]

# setting cites the field that holds the rollout.
setting(obj, w) := lib.field(obj, "spec.updateStrategy.type", w.convergenceReason) if w.blocker == "onDelete"

setting(obj, w) := lib.field(obj, "spec.updateStrategy.rollingUpdate.partition", w.convergenceReason) if w.blocker == "partition"

setting(obj, w) := lib.field(obj, "spec.paused", w.convergenceReason) if w.blocker == "paused"

setting(obj, w) := lib.field(obj, "spec.podManagementPolicy", w.convergenceReason) if w.blocker == "orderedReady"

setting(obj, w) := lib.field(obj, "spec.strategy.type", w.convergenceReason) if w.blocker == "terminating"

pod_evidence(w, p) := lib.field(p, "metadata.labels", sprintf("pod %s runs an old template (revision %s), Ready=%v, restarts %v", [
	p.metadata.name, object.get(state(w, p.metadata.name), "revision", "unknown"), object.get(state(w, p.metadata.name), "ready", false),
	object.get(state(w, p.metadata.name), "restarts", 0),
]))

state(w, name) := [ps | some ps in w.pods; ps.name == name][0]

divergences(w) := [{"object": d.object, "path": d.path, "message": sprintf("%s has %s, %s has %s", [d.between[0], json.marshal(d.expected), d.between[1], json.marshal(d.observed)])} |
	some d in object.get(w, "divergences", [])
]

next_check(obj, w) := sprintf("kubectl get deployment %s -n %s -o jsonpath={.spec.paused}", [obj.metadata.name, obj.metadata.namespace]) if w.blocker == "paused"

else := sprintf("kubectl get pods -n %s -o custom-columns=NAME:.metadata.name,DELETED:.metadata.deletionTimestamp,FINALIZERS:.metadata.finalizers,NODE:.spec.nodeName --selector=%s", [obj.metadata.namespace, selector(obj)]) if w.blocker == "terminating"

else := sprintf("kubectl get pods -n %s -o custom-columns=NAME:.metadata.name,REVISION:.metadata.labels.controller-revision-hash,READY:.status.containerStatuses[*].ready,RESTARTS:.status.containerStatuses[*].restartCount --selector=%s", [obj.metadata.namespace, selector(obj)])

selector(obj) := concat(",", [sprintf("%s=%s", [k, v]) | some k, v in object.get(obj, ["spec", "selector", "matchLabels"], {})])

repair(obj, w, _) := lib.repair(
	"controller-action",
	sprintf("resume the rollout of Deployment %s/%s (or remove spec.paused in Git if Git sets it)", [obj.metadata.namespace, obj.metadata.name]),
	["the pause was not an intended hold (canary, incident freeze)"],
	["new pods fail readiness after resuming"],
	"pause again and roll back to the previous ReplicaSet",
	[lib.accept("controller", "updatedReplicas equals replicas"), lib.accept("runtime", "new pods are Ready")],
) if w.blocker == "paused"

repair(obj, w, old) := lib.repair(
	"controller-action",
	sprintf("find what keeps the old pod %s of Deployment %s/%s from going: the controller that owns its finalizer (it removes the finalizer when its cleanup is done) or the node it ran on; remove a finalizer by hand only once that controller is known to be gone", [terminating_name(old), obj.metadata.namespace, obj.metadata.name]),
	["the finalizer's controller is down or gone, not still cleaning up (draining a queue, detaching a volume)"],
	["the pod is removed but the new ReplicaSet still does not scale up"],
	"none: removing a finalizer cannot be undone; the cleanup it guarded must be done by hand",
	[lib.accept("controller", "the old pod is gone and updatedReplicas equals replicas"), lib.accept("runtime", "the new pods are Ready")],
) if w.blocker == "terminating"

# terminating_name is the old pod being deleted.
terminating_name(old) := name if {
	names := [p.metadata.name | some p in old; p.metadata.deletionTimestamp]
	name := names[0]
} else := "<the terminating pod>"

repair(obj, w, _) := lib.repair(
	"repository",
	sprintf("lower spec.updateStrategy.rollingUpdate.partition of StatefulSet %s/%s in Git when the canary ordinals are proven, so the controller updates the lower ordinals", [obj.metadata.namespace, obj.metadata.name]),
	["the pods above the partition run the new revision Ready with 0 restarts"],
	["a pod on the new revision is not Ready within its probe budget"],
	"raise the partition again in Git",
	[lib.accept("controller", "status.currentRevision equals status.updateRevision"), lib.accept("runtime", "every pod is Ready on the new revision")],
) if w.blocker == "partition"

repair(obj, w, old) := lib.repair(
	"controller-action",
	sprintf("delete the old pods of DaemonSet %s/%s one node at a time, starting with %s, so the controller recreates each from the current template; or set updateStrategy RollingUpdate in Git so the controller does it", [obj.metadata.namespace, obj.metadata.name, first_name(old)]),
	["the node's workloads tolerate the DaemonSet pod being away (log shipping, networking, storage plugins)", "no PodDisruptionBudget or node drain is in progress on that node"],
	["the recreated pod is not Ready within its probe budget", "the node reports a new condition after the pod is replaced"],
	"revert the template in Git and delete the new pod again",
	[lib.accept("controller", "status.updatedNumberScheduled equals status.desiredNumberScheduled"), lib.accept("runtime", "every pod runs the current template, Ready with 0 new restarts")],
) if {
	w.blocker == "onDelete"
	obj.kind == "DaemonSet"
}

repair(obj, w, old) := lib.repair(
	"controller-action",
	sprintf("after the preconditions hold, delete only pod %s so the %s controller recreates it from %s; never delete the %s or its PersistentVolumeClaims", [first_name(old), obj.kind, target(obj), obj.kind]),
	lib.stateful_preconditions(obj.metadata.namespace, first_name(old)),
	["the replacement pod is not Ready within its probe budget", "the replacement pod's PersistentVolumeClaim does not re-bind", "another member becomes unready or under-replicated"],
	"the previous template stays in ControllerRevision history: revert the Git change and replace the pod again",
	[
		lib.accept("controller", "status.currentRevision equals status.updateRevision and updatedReplicas equals replicas"),
		lib.accept("runtime", sprintf("pod %s runs the new template's spec, is Ready with 0 restarts", [first_name(old)])),
		lib.accept("external", "clients of the workload succeed (produce/consume, queries, traces accepted)"),
	],
) if {
	w.blocker in {"onDelete", "orderedReady"}
	obj.kind != "DaemonSet"
}

# first_name is the pod to replace first: the unready old pod the layers
# name in the reason when there is one, else the first old pod.
first_name(old) := name if {
	unready := [p.metadata.name | some p in old; not lib.condition(p, "Ready").status == "True"]
	name := unready[0]
} else := old[0].metadata.name if count(old) > 0

else := "<the oldest pod>"

# never_reached names the template fields (up to three) the layers found
# missing from the running pods: the change that never reached them.
never_reached(k) := sprintf("; never reached the pods: %s", [concat(", ", array.slice(items, 0, 3))]) if {
	divs := [d |
		some d in object.get(input.workloads[k], "divergences", [])
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
