package rift.health.snapshot_test

import data.rift.health.snapshot

test_ready if snapshot.health.status == "converged" with input as {"status": {"readyToUse": true}}

test_error if snapshot.health.status == "failed" with input as {"status": {"readyToUse": false, "error": {"message": "boom"}}}
