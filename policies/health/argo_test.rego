package rift.health.argo_test

import data.rift.health.argo

test_rollout_paused if {
	argo.health.status == "suspended" with input as {"kind": "Rollout", "spec": {"paused": true}, "status": {"replicas": 1}}
}

test_rollout_no_status if {
	argo.health.status == "progressing" with input as {"kind": "Rollout", "spec": {}}
}

test_rollout_converged if {
	r := {"kind": "Rollout", "spec": {"replicas": 2}, "status": {"replicas": 2, "updatedReplicas": 2, "availableReplicas": 2, "currentPodHash": "a"}}
	argo.health.status == "converged" with input as r
}

test_analysisrun_failed if {
	argo.health.status == "failed" with input as {"kind": "AnalysisRun", "status": {"phase": "Failed", "message": "metric failed"}}
}
