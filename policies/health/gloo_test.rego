package rift.health.gloo_test

import data.rift.health.gloo

test_rejected if {
	gloo.health.status == "failed" with input as {"status": {"statuses": {"ns": {"state": "Rejected", "reason": "bad"}}}}
}

test_numeric_accepted if {
	gloo.health.status == "converged" with input as {"status": {"state": 1, "subresourceStatuses": {"x": {"state": 1}}}}
}

test_pending if {
	gloo.health.status == "progressing" with input as {"status": {"statuses": {"ns": {"state": "Pending"}}}}
}
