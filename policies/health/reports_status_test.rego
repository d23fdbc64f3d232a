package rift.health.reports_status_test

import data.rift.health.reports_status

test_no_status_is_waiting if {
	reports_status.health.status == "progressing" with input as {"kind": "Kafka", "metadata": {"name": "k"}}
}

test_status_is_left_to_the_fallback if {
	not reports_status.health with input as {"kind": "Kafka", "status": {"conditions": [{"type": "Ready", "status": "True"}]}}
}
