package rift.health.gardener_test

import data.rift.health.gardener

labelled(v) := {"metadata": {"labels": {"shoot.gardener.cloud/status": v}}, "status": {"lastOperation": {"type": "Reconcile", "state": "Succeeded"}}}

cond(t, s) := {"type": t, "status": s, "reason": "R"}

test_label_healthy if gardener.health.status == "converged" with input as labelled("healthy")

test_label_progressing if gardener.health.status == "progressing" with input as labelled("progressing")

test_label_unhealthy if gardener.health.status == "failed" with input as labelled("unhealthy")

test_label_unknown if gardener.health.status == "unknown" with input as labelled("unknown")

test_unhealthy_names_the_false_conditions if {
	h := gardener.health with input as {
		"metadata": {"labels": {"shoot.gardener.cloud/status": "unhealthy"}},
		"status": {"conditions": [cond("APIServerAvailable", "True"), cond("EveryNodeReady", "False")]},
	}
	h.status == "failed"
	contains(h.reason, "EveryNodeReady=False")
}

test_hibernated if {
	gardener.health.status == "suspended" with input as {"spec": {"hibernation": {"enabled": true}}, "status": {"isHibernated": true}}
}

test_operation_failed if {
	gardener.health.status == "failed" with input as {"status": {"lastOperation": {"type": "Create", "state": "Failed"}}}
}

test_operation_retried if {
	gardener.health.status == "progressing" with input as {"status": {"lastOperation": {"type": "Reconcile", "state": "Error"}}}
}

test_conditions_without_label if {
	ok := {"status": {"lastOperation": {"state": "Succeeded"}, "conditions": [cond("APIServerAvailable", "True")]}}
	gardener.health.status == "converged" with input as ok
	bad := {"status": {"lastOperation": {"state": "Succeeded"}, "conditions": [cond("APIServerAvailable", "Progressing")]}}
	gardener.health.status == "progressing" with input as bad
}

test_nothing_reported if gardener.health.status == "unknown" with input as {"status": {"lastOperation": {"state": "Succeeded"}}}

test_no_status if gardener.health.status == "progressing" with input as {"metadata": {"name": "x"}}
