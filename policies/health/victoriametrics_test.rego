package rift.health.victoriametrics_test

import data.rift.health.victoriametrics

test_failed if victoriametrics.health.status == "failed" with input as {"spec": {}, "metadata": {"generation": 1}, "status": {"observedGeneration": 1, "updateStatus": "failed", "reason": "boom"}}
