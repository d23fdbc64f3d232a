package rift.health.kserve_test

import data.rift.health.kserve

test_stopped if kserve.health.status == "suspended" with input as {"status": {"conditions": [{"type": "Stopped", "status": "True"}]}}

test_ready if kserve.health.status == "converged" with input as {"status": {"conditions": [{"type": "Ready", "status": "True"}, {"type": "Stopped", "status": "False"}]}}
