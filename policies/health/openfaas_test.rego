package rift.health.openfaas_test

import data.rift.health.openfaas

ready := {"type": "Ready", "status": "True", "reason": "Ready"}

test_serving if {
	openfaas.health.status == "converged" with input as {"status": {"replicas": 1, "conditions": [ready, {"type": "Healthy", "status": "True"}]}}
}

test_scaled_to_zero if {
	openfaas.health.status == "suspended" with input as {"status": {"conditions": [ready, {"type": "Healthy", "status": "False", "reason": "ReplicaAvailable"}]}}
}

test_stalled if {
	openfaas.health.status == "failed" with input as {"status": {"conditions": [{"type": "Stalled", "status": "True", "reason": "SecretMissing"}]}}
}

test_reconciling if {
	openfaas.health.status == "progressing" with input as {"status": {"conditions": [{"type": "Reconciling", "status": "True"}]}}
}

test_not_ready if {
	openfaas.health.status == "failed" with input as {"status": {"conditions": [{"type": "Ready", "status": "False", "reason": "DeploymentFailed"}]}}
}

test_generation_not_observed if {
	openfaas.health.status == "progressing" with input as {"metadata": {"generation": 3}, "status": {"observedGeneration": 2, "replicas": 1, "conditions": [ready]}}
}

test_no_status if openfaas.health.status == "progressing" with input as {"metadata": {"name": "env"}}
