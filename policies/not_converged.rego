# METADATA
# title: Not converged
# description: >-
#   The layers judge a workload blocked or failed, and no more specific
#   cause accounts for it (no hypothesis names it, its pods, the objects it
#   owns or the GitOps objects that manage it). The ledger never stays
#   silent about a workload that will not get there: this names it with
#   the layers' reason, open, so that the next read-only check is at hand.
#   The engine drops it wherever a specific cause accounts for the
#   workload.
# custom:
#   id: not-converged
#   cause: not-converged
#   layer: controller
#   stage: actedOn
#   weight: 5
package rift.rules.not_converged

import data.rift.lib

hypothesis contains h if {
	some w in input.workloads
	w.convergence in {"blocked", "failed"}
	subject := object.union({"apiVersion": "", "namespace": ""}, w.ref)
	h := {
		"subject": subject,
		"status": "open",
		"summary": sprintf("%s %s is %s: %s", [w.ref.kind, w.ref.name, w.convergence, w.convergenceReason]),
		"supporting": [{"object": subject, "path": "status", "message": sprintf("the layers judge it %s: %s", [w.convergence, w.convergenceReason])}],
		"contradicting": [],
		"nextCheck": describe(subject),
		"repair": lib.repair(
			"none",
			"none until a cause is named: read the object's status and events, and those of the objects it owns",
			[],
			[],
			"none: nothing is changed",
			[lib.accept("controller", sprintf("%s converges", [lib.key(subject)]))],
		),
		"explains": set(),
	}
}

describe(r) := sprintf("kubectl describe %s %s -n %s", [lower(r.kind), r.name, r.namespace]) if r.namespace != ""

else := sprintf("kubectl describe %s %s", [lower(r.kind), r.name])
