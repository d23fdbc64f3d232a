package rift.health.karmada_test

import data.rift.health.karmada

test_unapplied if {
	karmada.health.status == "failed" with input as {"spec": {"clusters": [{"name": "a"}]}, "status": {"aggregatedStatus": [{"clusterName": "a", "applied": false}]}}
}

test_applied if {
	karmada.health.status == "converged" with input as {"spec": {"clusters": [{"name": "a"}]}, "status": {"aggregatedStatus": [{"clusterName": "a", "applied": true, "health": "Healthy"}]}}
}
