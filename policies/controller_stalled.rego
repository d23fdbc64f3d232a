# METADATA
# title: Controller has not acted
# description: >-
#   A workload's status.observedGeneration lags metadata.generation: the
#   controller has not seen the latest spec. Supported when the lag is older
#   than five minutes at capture time, open when it may be in flight.
# custom:
#   id: controller-stalled
#   cause: controller-stalled
#   layer: controller
#   stage: actedOn
#   weight: 50
package rift.rules.controller_stalled

import data.rift.lib

kinds := {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet"}

hypothesis contains h if {
	some kind in kinds
	some ns, name
	w := input.objects[kind][ns][name]
	observed := object.get(w, ["status", "observedGeneration"], 0)
	observed < w.metadata.generation
	h := {
		"subject": lib.ref(w),
		"status": status(w),
		"summary": sprintf("%s %s: controller observed generation %v of %v", [kind, name, observed, w.metadata.generation]),
		"supporting": [lib.field_at(w, "status.observedGeneration", sprintf("observedGeneration %v < generation %v", [observed, w.metadata.generation]), since(w))],
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

since(w) := c.lastUpdateTime if c := lib.condition(w, "Progressing")

else := w.metadata.creationTimestamp

status(w) := "supported" if {
	capture := time.parse_rfc3339_ns(input.bundle.captureTime)
	capture - time.parse_rfc3339_ns(since(w)) > 300000000000
}

else := "open"
