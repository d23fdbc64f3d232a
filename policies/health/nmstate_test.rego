package rift.health.nmstate_test

import data.rift.health.nmstate

c(t, s, r) := {"type": t, "status": s, "reason": r}

test_configured if {
	nmstate.health.status == "converged" with input as {"status": {"conditions": [c("Available", "True", "SuccessfullyConfigured"), c("Degraded", "False", "SuccessfullyConfigured")]}}
}

test_failed_to_configure if {
	nmstate.health.status == "failed" with input as {"status": {"conditions": [c("Available", "False", "FailedToConfigure"), c("Degraded", "True", "FailedToConfigure")]}}
}

test_configuring if {
	nmstate.health.status == "progressing" with input as {"status": {"conditions": [c("Available", "Unknown", "ConfigurationProgressing"), c("Progressing", "True", "ConfigurationProgressing")]}}
}

test_no_matching_node if {
	nmstate.health.status == "suspended" with input as {"status": {"conditions": [
		c("Available", "False", "NoMatchingNode"), c("Degraded", "False", "NoMatchingNode"),
		c("Progressing", "False", "NoMatchingNode"), c("Ignored", "True", "NoMatchingNode"),
	]}}
}

test_no_status if nmstate.health.status == "progressing" with input as {"metadata": {"name": "p"}}
