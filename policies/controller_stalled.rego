# METADATA
# title: Controller has not acted
# description: >-
#   A workload's status.observedGeneration lags metadata.generation: the
#   controller has not seen the latest spec. Supported when the lag is older
#   than five minutes at capture time, open when it may be in flight. When
#   two or more workloads of one kind lag that long, one controller of
#   kube-controller-manager is not acting on any of them: a hypothesis on
#   that controller explains theirs, so they are one story, not many.
# custom:
#   id: controller-stalled
#   cause: controller-stalled
#   layer: controller
#   stage: actedOn
#   weight: 50
package rift.rules.controller_stalled

import data.rift.lib

kinds := {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"}

# lagging[kind] are the workloads of kind whose controller has not observed
# their latest generation, one set per kind, built once.
lagging[kind] contains w if {
	some kind in kinds
	some ns, name
	w := input.objects[kind][ns][name]
	observed(w) < w.metadata.generation
}

observed(w) := object.get(w, ["status", "observedGeneration"], 0)

lag(w) := lib.field_at(w, "status.observedGeneration", sprintf("observedGeneration %v < generation %v", [observed(w), w.metadata.generation]), since(w))

hypothesis contains h if {
	some kind, ws in lagging
	some w in ws
	h := {
		"subject": lib.ref(w),
		"status": status(w),
		"summary": sprintf("%s %s: controller observed generation %v of %v", [kind, w.metadata.name, observed(w), w.metadata.generation]),
		"supporting": [lag(w)],
		"contradicting": [],
		"nextCheck": "kubectl get pods -n kube-system -l component=kube-controller-manager -o wide",
		"repair": lib.repair(
			"controller-action",
			"restore the workload controller (kube-controller-manager health, leader election, API throttling)",
			["the controller's own logs show why it does not reconcile"],
			["observedGeneration still lags after the controller is healthy"],
			"none: this repairs the control plane, not the workload",
			[lib.accept("controller", "observedGeneration equals generation")],
		),
		"explains": set(),
	}
}

# One controller of kube-controller-manager reconciles each kind (the
# names its --controllers flag takes).
controllers := {
	"Deployment": "deployment-controller",
	"StatefulSet": "statefulset-controller",
	"DaemonSet": "daemonset-controller",
	"ReplicaSet": "replicaset-controller",
}

# stalled[kind] are the lagging workloads of kind whose lag is older than
# five minutes (supported).
stalled[kind] contains w if {
	some kind, ws in lagging
	some w in ws
	status(w) == "supported"
}

hypothesis contains h if {
	some kind, ws in stalled
	count(ws) >= 2
	nss := {w.metadata.namespace | some w in ws}
	oldest := min({time.parse_rfc3339_ns(since(w)) | some w in ws})
	h := {
		"subject": {"apiVersion": "", "kind": "Controller", "namespace": "", "name": controllers[kind]},
		"status": "supported",
		"summary": sprintf("the %s of kube-controller-manager has not acted on %d %ss in %d namespaces, the first unobserved since %s: one controller, not %d separate faults", [controllers[kind], count(ws), kind, count(nss), time.format(oldest), count(ws)]),
		"supporting": [lag(w) | some w in ws],
		"contradicting": [],
		"nextCheck": "kubectl get pods -n kube-system -l component=kube-controller-manager -o wide",
		"repair": lib.repair(
			"controller-action",
			sprintf("restore the %s in kube-controller-manager (the process and its leader election, its --controllers flag, its client's API throttling)", [controllers[kind]]),
			["the controller manager's own logs show why it does not reconcile"],
			["observedGeneration still lags after the controller is healthy"],
			"none: this repairs the control plane, not the workloads",
			[lib.accept("controller", sprintf("observedGeneration equals generation on every %s", [kind]))],
		),
		"explains": {lib.explain("controller-stalled", lib.ref(w)) | some w in ws},
	}
}

since(w) := c.lastUpdateTime if c := lib.condition(w, "Progressing")

else := w.metadata.creationTimestamp

status(w) := "supported" if {
	capture := time.parse_rfc3339_ns(input.bundle.captureTime)
	capture - time.parse_rfc3339_ns(since(w)) > 300000000000
}

else := "open"
