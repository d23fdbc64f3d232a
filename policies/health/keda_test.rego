package rift.health.keda_test

import data.rift.health.keda

test_paused if keda.health.status == "suspended" with input as {"status": {"conditions": [{"type": "Ready", "status": "True"}, {"type": "Paused", "status": "True"}]}}

test_ready if keda.health.status == "converged" with input as {"status": {"conditions": [{"type": "Ready", "status": "True"}]}}
