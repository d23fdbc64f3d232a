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

ctp(active, proposed) := {"kind": "ChangeTransferPolicy", "metadata": {"generation": 1}, "status": {
	"conditions": [ok],
	"active": {"dry": {"sha": active}},
	"proposed": {"dry": {"sha": proposed}},
}}

test_transfer_up_to_date if promoter.health.status == "converged" with input as ctp("abc", "abc")

test_transfer_in_progress if promoter.health.status == "progressing" with input as ctp("abc", "def")

test_transfer_sha_missing if promoter.health.status == "progressing" with input as ctp("", "def")

test_ready_without_status_never_converges if {
	promoter.health.status == "unknown" with input as {"kind": "CommitStatus", "metadata": {"generation": 1}, "status": {"conditions": [{"type": "Ready"}], "phase": "success"}}
	x := ctp("abc", "abc")
	promoter.health.status == "unknown" with input as object.union(x, {"status": {"conditions": [{"type": "Ready"}]}})
}

test_ready_without_status_still_shows_progress if {
	x := ctp("abc", "def")
	promoter.health.status == "progressing" with input as object.union(x, {"status": {"conditions": [{"type": "Ready"}]}})
}
