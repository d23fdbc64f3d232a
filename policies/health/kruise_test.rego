package rift.health.kruise_test

import data.rift.health.kruise

test_paused if {
	kruise.health.status == "suspended" with input as {"kind": "CloneSet", "metadata": {"generation": 1}, "spec": {"replicas": 2, "updateStrategy": {"paused": true}}, "status": {"observedGeneration": 1}}
}

test_ready if {
	kruise.health.status == "converged" with input as {"kind": "CloneSet", "metadata": {"generation": 1}, "spec": {"replicas": 2}, "status": {"observedGeneration": 1, "updatedReadyReplicas": 2, "updatedReplicas": 2}}
}
