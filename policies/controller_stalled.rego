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

# lagging[kind] are the workloads of kind whose controller has not observed
# their latest generation (input.controller_lags: the layers judge whether
# a lag is a stall, once), one set per kind, built once.
lagging[kind] contains l if {
	some l in input.controller_lags
	kind := l.ref.kind
}

object_of(l) := input.objects[l.ref.kind][object.get(l.ref, "namespace", "")][l.ref.name]

lag(l) := lib.field_at(object_of(l), "status.observedGeneration", lag_message(l), l.since) if {
	l.since
} else := lib.field(object_of(l), "status.observedGeneration", lag_message(l))

lag_message(l) := sprintf("observedGeneration %v < generation %v", [l.observed, l.generation])

hypothesis contains h if {
	some kind, ls in lagging
	some l in ls
	h := {
		"subject": lib.ref(object_of(l)),
		"status": status(l),
		"summary": sprintf("%s %s: controller observed generation %v of %v", [kind, l.ref.name, l.observed, l.generation]),
		"supporting": [lag(l)],
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
stalled[kind] contains l if {
	some kind, ls in lagging
	some l in ls
	l.stalled
}

hypothesis contains h if {
	some kind, ls in stalled
	count(ls) >= 2
	nss := {object.get(l.ref, "namespace", "") | some l in ls}
	oldest := min({time.parse_rfc3339_ns(l.since) | some l in ls})
	h := {
		"subject": {"apiVersion": "", "kind": "Controller", "namespace": "", "name": controllers[kind]},
		"status": "supported",
		"summary": sprintf("the %s of kube-controller-manager has not acted on %d %ss in %d namespaces, the first unobserved since %s: one controller, not %d separate faults", [controllers[kind], count(ls), kind, count(nss), time.format(oldest), count(ls)]),
		"supporting": [lag(l) | some l in ls],
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
		"explains": {lib.explain("controller-stalled", lib.ref(object_of(l))) | some l in ls},
	}
}

# A stall is supported; a lag the layers do not call stalled may still be in
# flight (five minutes at most, or no time to date it by).
status(l) := "supported" if l.stalled

else := "open"
