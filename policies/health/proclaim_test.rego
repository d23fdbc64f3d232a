package rift.health.proclaim_test

import data.rift.health.proclaim

test_discoverable if proclaim.health.status == "converged" with input as {"status": {"conditions": [{"type": "Discoverable", "status": "True", "message": "ok"}]}}
