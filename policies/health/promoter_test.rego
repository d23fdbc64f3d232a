package rift.health.promoter_test

import data.rift.health.promoter

ok := {"type": "Ready", "status": "True", "reason": "ReconciliationSuccess"}

test_gate_failure if {
	promoter.health.status == "failed" with input as {"kind": "GitCommitStatus", "metadata": {"generation": 1}, "status": {"conditions": [ok], "environments": [{"branch": "env/dev", "phase": "failure"}]}}
}

test_strategy_converged if {
	env := {"branch": "dev", "active": {"dry": {"sha": "a"}}, "proposed": {"dry": {"sha": "a"}}}
	promoter.health.status == "converged" with input as {"kind": "PromotionStrategy", "metadata": {"generation": 1}, "status": {"conditions": [ok], "environments": [env]}}
}

test_no_ready if {
	promoter.health.status == "progressing" with input as {"kind": "ScmProvider", "metadata": {"generation": 1}, "status": {"conditions": [{"type": "Other", "status": "True"}]}}
}
