package rift.health.strimzi_test

import data.rift.health.strimzi

test_not_ready if strimzi.health.status == "failed" with input as {"status": {"conditions": [{"type": "NotReady", "status": "True", "message": "timeout"}]}}

test_ready if strimzi.health.status == "converged" with input as {"status": {"conditions": [{"type": "Ready", "status": "True"}]}}
