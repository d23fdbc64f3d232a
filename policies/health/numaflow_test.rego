package rift.health.numaflow_test

import data.rift.health.numaflow

test_healthy if numaflow.health.status == "converged" with input as {"metadata": {"generation": 1}, "status": {"observedGeneration": 1, "phase": "Running", "conditions": [{"type": "Deployed", "status": "True"}]}}

test_pods_unhealthy if numaflow.health.status == "failed" with input as {"metadata": {"generation": 1}, "status": {"observedGeneration": 1, "conditions": [{"type": "PodsHealthy", "status": "False", "reason": "NoPodsFound"}]}}
