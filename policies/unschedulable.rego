# METADATA
# title: Pods cannot be scheduled
# description: >-
#   Pods stay Pending because no node fits them (PodScheduled=False reason
#   Unschedulable, FailedScheduling). The subject is the pods' owner, for
#   example the new ReplicaSet of a rollout, because that is what cannot
#   progress.
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
	h := {
		"subject": subject,
		"summary": sprintf("%s Pending: %s", [who(subject), object.get(c, "message", "no node fits")]),
		"supporting": array.concat(
			[lib.condition_evidence(pod, c)],
			[lib.event(pod, e) | some e in lib.events(pod); e.reason == "FailedScheduling"],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get events -n %s --field-selector involvedObject.name=%s,reason=FailedScheduling", [ns, name]),
		"repair": lib.repair(
			"repository",
			"make the pods fit: lower requests, fix node selectors, affinity or tolerations in Git, or add capacity at the cluster's owner",
			["the scheduler message names the failing predicate (resources, affinity, taints, volumes)", "no later pipeline step (migration, flag flip) assumes the new version is serving"],
			["pods remain Pending after the change"],
			"revert the commit; the old pods keep serving while new ones are Pending",
			[lib.accept("controller", "new pods have a nodeName"), lib.accept("runtime", "new pods are Ready"), lib.accept("external", "requests reach the new version")],
		),
		"explains": lib.serving_explains(pod),
	}
}

who(subject) := sprintf("pod %s stays", [subject.name]) if subject.kind == "Pod"

else := sprintf("pods of %s stay", [lib.key(subject)])
