# METADATA
# title: Unmanaged pods behind a GitOps-managed Service
# description: >-
#   A Service that a GitOps reconciler manages sends traffic to a Ready pod
#   whose workload no reconciler manages: a hand-made hotfix Deployment or a
#   bare pod that carries the app's labels. Every managed object can have
#   converged while users are still served by something that is not in Git,
#   so the live routing has drifted from the desired state.
# custom:
#   id: drift-unmanaged-endpoint
#   cause: drift
#   layer: runtime
#   stage: routed
#   weight: 60
package rift.rules.drift_unmanaged_endpoint

import data.rift.lib

hypothesis contains h if {
	some svc in input.workloads
	svc.ref.kind == "Service"
	count(object.get(svc, "owners", [])) > 0
	ns := svc.ref.namespace
	strays := [s |
		some name in object.get(input.service_pods, concat("/", [ns, svc.ref.name]), [])
		s := stray(ns, name)
	]
	count(strays) > 0
	workloads := {lib.key(s.workload) | some s in strays}
	h := {
		"subject": svc.ref,
		"status": "supported",
		"summary": sprintf("Service %s/%s, managed by %s, routes to Ready pods that no reconciler manages: %s", [ns, svc.ref.name, lib.key(svc.owners[0]), concat(", ", sort(workloads))]),
		"supporting": array.concat(
			[lib.field(s.pod, "status.conditions[type=Ready]", sprintf("pod %s is Ready and selected by Service %s; its workload %s has no GitOps owner", [s.pod.metadata.name, svc.ref.name, lib.key(s.workload)])) | some s in strays],
			[{"object": svc.ref, "path": "spec.selector", "message": sprintf("managed by %s", [lib.key(o)])} | some o in svc.owners],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get endpointslices -n %s -l kubernetes.io/service-name=%s -o wide", [ns, svc.ref.name]),
		"repair": lib.repair(
			"live-mitigation",
			sprintf("decide in Git whether %s should exist: if not, remove it once the managed pods serve; if so, add it to the repository so its reconciler owns it", [concat(", ", sort(workloads))]),
			[
				"the managed pods behind the Service are Ready and serve the current revision",
				"the unmanaged workload is not the only thing still serving a fix that Git lacks",
			],
			["error rate or latency through the Service rises once the unmanaged pods stop receiving traffic"],
			"recreate the unmanaged workload from the bundle's copy of it",
			[
				lib.accept("runtime", sprintf("every Ready endpoint of Service %s/%s belongs to a workload the reconciler manages", [ns, svc.ref.name])),
				lib.accept("external", "requests through the Service reach only the revision in Git"),
			],
		),
		"explains": [],
	}
}

# stray is a Ready pod selected by the Service whose top-level workload is a
# rift subject without any GitOps owner. A workload the bundle does not
# show (no subject for it) is not judged: missing data is not evidence.
stray(ns, name) := {"pod": pod, "workload": top} if {
	pod := input.objects.Pod[ns][name]
	lib.condition(pod, "Ready").status == "True"
	top := workload_of(pod)
	w := input.workloads[lib.key(top)]
	count(object.get(w, "owners", [])) == 0
}

# workload_of walks pod -> ReplicaSet -> Deployment through controller
# owner references; a pod without an owner is its own workload.
workload_of(pod) := top if {
	rs := lib.owner(pod)
	rs.kind == "ReplicaSet"
	top := lib.owner(input.objects.ReplicaSet[pod.metadata.namespace][rs.name])
} else := lib.owner(pod) if {
	lib.owner(pod)
} else := lib.ref(pod)
