# METADATA
# title: Pods cannot be scheduled
# description: >-
#   Pods stay Pending because no node fits them (PodScheduled=False reason
#   Unschedulable, FailedScheduling). The subject is the pods' owner, for
#   example the new ReplicaSet of a rollout, because that is what cannot
#   progress. The node autoscaler's word on the pod decides the owner: a
#   node group or NodePool at its limit is the platform's capacity
#   (external-dependency), and a scale-up under way makes the wait open.
# custom:
#   id: unschedulable
#   cause: unschedulable
#   layer: controller
#   stage: scheduled
#   weight: 60
package rift.rules.unschedulable

import data.rift.lib

hypothesis contains h if {
	some k in object.get(input.pods_by_phase, "Pending", [])
	[ns, name] := split(k, "/")
	pod := input.objects.Pod[ns][name]
	c := lib.failed_condition(pod, "PodScheduled")
	c.reason == "Unschedulable"
	subject := lib.subject_of(pod)
	scaler := autoscaler(pod)
	h := object.union(
		{
			"subject": subject,
			"summary": sprintf("%s Pending: %s%s", [who(subject), object.get(c, "message", "no node fits"), scaler_says(scaler)]),
			"supporting": array.concat(
				array.concat(
					[lib.condition_evidence(pod, c)],
					[lib.event(pod, e) | some e in lib.events(pod); e.reason == "FailedScheduling"; not e in scaler],
				),
				pinned_volumes(pod, c),
			),
			"contradicting": [],
			"nextCheck": sprintf("kubectl get events -n %s --field-selector involvedObject.name=%s,reason=FailedScheduling", [ns, name]),
			"repair": repair(scaler, object.get(c, "message", "")),
			"explains": lib.serving_explains(pod),
		},
		scaling(pod, scaler),
	)
}

who(subject) := sprintf("pod %s stays", [subject.name]) if subject.kind == "Pod"

else := sprintf("pods of %s stay", [lib.key(subject)])

# autoscaler are the node autoscaler's words on the pod, oldest first: the
# cluster autoscaler's NotTriggerScaleUp and TriggeredScaleUp, Karpenter's
# FailedScheduling and Nominated.
autoscaler(pod) := [e | some e in lib.events(pod); scaler_event(e)]

scaler_event(e) if e.reason in {"NotTriggerScaleUp", "TriggeredScaleUp", "Nominated"}

scaler_event(e) if {
	e.reason == "FailedScheduling"
	contains(lower(object.get(e, "source", "")), "karpenter")
}

scaler_says(scaler) := sprintf("; the node autoscaler: %s", [scaler[count(scaler) - 1].message]) if count(scaler) > 0

else := ""

# capacity_limit: the autoscaler would add a node but a limit the
# platform set stops it (a node group at its maximum size, a Karpenter
# NodePool at its limits).
capacity_limit(scaler) if {
	some e in scaler
	regex.match(`(?i)max node group size reached|exceed(s|ed)? limits for nodepool|max(imum)? cluster (cores|memory|size)|reached (the )?(max|limit)`, e.message)
}

# scaling: a scale-up for the pod is under way (the autoscaler's newest
# word is TriggeredScaleUp or Karpenter's Nominated): the wait is progress,
# open rather than a failure.
scaling(pod, scaler) := {
	"status": "open",
	"contradicting": [lib.event(pod, last)],
} if {
	count(scaler) > 0
	last := scaler[count(scaler) - 1]
	last.reason in {"TriggeredScaleUp", "Nominated"}
} else := {}

# pinned_volumes cites, when the scheduler reports a volume node affinity
# conflict, the bound volumes whose node affinity pins the pod (a zonal
# disk, a local volume).
pinned_volumes(pod, c) := [lib.field(pv, "spec.nodeAffinity", sprintf("PersistentVolume %s, bound to claim %s, may only be used on nodes with %s", [pv.metadata.name, claim, pins(pv)])) |
	volume_pinned(object.get(c, "message", ""))
	some v in object.get(pod, ["spec", "volumes"], [])
	claim := v.persistentVolumeClaim.claimName
	pvname := input.objects.PersistentVolumeClaim[pod.metadata.namespace][claim].spec.volumeName
	pv := input.objects.PersistentVolume[""][pvname]
	pv.spec.nodeAffinity
]

pins(pv) := concat(" or ", [concat(", ", [sprintf("%s %s %v", [x.key, x.operator, object.get(x, "values", [])]) | some x in object.get(t, "matchExpressions", [])]) |
	some t in pv.spec.nodeAffinity.required.nodeSelectorTerms
])

# The scheduler's words for it: older releases say "had volume node
# affinity conflict", newer ones "didn't match PersistentVolume's node
# affinity".
volume_pinned(msg) if regex.match(`volume node affinity conflict|didn't match PersistentVolume's node affinity`, msg)

repair(scaler, msg) := lib.repair(
	"external-dependency",
	"raise the capacity limit at the cluster's owner: the node group's maximum size (cluster autoscaler) or the NodePool's limits (Karpenter); or lower the pods' requests or replicas in Git",
	["the autoscaler's message names the limit; the pods' requests fit one node of the group"],
	["pods remain Pending once the limit is raised: the requests fit no node type"],
	"none: the workload is not changed",
	[lib.accept("controller", "new pods have a nodeName"), lib.accept("runtime", "new pods are Ready")],
) if {
	capacity_limit(scaler)
} else := lib.repair(
	"external-dependency",
	"bring a schedulable node back where the pod's volume lives (the zone or node its PersistentVolume's nodeAffinity names: the replacement node, or uncordon one); the manifest is not the problem, and the data stays in that zone",
	["the PersistentVolume's nodeAffinity names the zone or node; no node there is schedulable (cordoned, drained, scaled in)"],
	["a node in that zone is schedulable and the pod still does not fit: its resources are the problem"],
	"none: the workload is not changed",
	[lib.accept("controller", "the pod has a nodeName in the volume's zone"), lib.accept("runtime", "the pod is Ready with its claim Bound")],
) if {
	volume_pinned(msg)
} else := lib.repair(
	"repository",
	"make the pods fit: lower requests, fix node selectors, affinity or tolerations in Git, or add capacity at the cluster's owner",
	["the scheduler message names the failing predicate (resources, affinity, taints, volumes)", "no later pipeline step (migration, flag flip) assumes the new version is serving"],
	["pods remain Pending after the change"],
	"revert the commit; the old pods keep serving while new ones are Pending",
	[lib.accept("controller", "new pods have a nodeName"), lib.accept("runtime", "new pods are Ready"), lib.accept("external", "requests reach the new version")],
)
