package rift.health.threescale_test

import data.rift.health.threescale

test_invalid_failed if {
	threescale.health.status == "failed" with input as {"status": {"conditions": [{"type": "Invalid", "status": "True", "message": "bad"}]}}
}

test_synced if {
	threescale.health.status == "converged" with input as {"status": {"conditions": [{"type": "Failed", "status": "False"}, {"type": "Synced", "status": "True"}]}}
}

test_not_synced_yet if {
	threescale.health.status == "progressing" with input as {"status": {"conditions": [{"type": "Synced", "status": "False"}]}}
}
