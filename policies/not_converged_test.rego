package rift.rules.not_converged_test

import data.rift.rules.not_converged

w(convergence) := {
	"ref": {"apiVersion": "batch/v1", "kind": "Job", "namespace": "ops", "name": "migrate"},
	"convergence": convergence,
	"convergenceReason": "Job failed: BackoffLimitExceeded",
}

test_failed_workload_is_named if {
	some h in not_converged.hypothesis with input as {"workloads": {"Job/ops/migrate": w("failed")}}
	h.subject.name == "migrate"
	h.status == "open"
	contains(h.summary, "BackoffLimitExceeded")
	h.nextCheck == "kubectl describe job migrate -n ops"
}

test_blocked_cluster_scoped if {
	b := {"ref": {"apiVersion": "v1", "kind": "Node", "namespace": "", "name": "n1"}, "convergence": "blocked", "convergenceReason": "x"}
	some h in not_converged.hypothesis with input as {"workloads": {"Node/n1": b}}
	h.nextCheck == "kubectl describe node n1"
}

test_converged_and_progressing_negative if {
	count(not_converged.hypothesis) == 0 with input as {"workloads": {"a": w("converged"), "b": w("progressing"), "c": w("unknown")}}
}
