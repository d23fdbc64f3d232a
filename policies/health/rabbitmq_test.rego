package rift.health.rabbitmq_test

import data.rift.health.rabbitmq

test_cluster_ready if {
	c := [{"type": "AllReplicasReady", "status": "True"}, {"type": "ClusterAvailable", "status": "True"}]
	rabbitmq.health.status == "converged" with input as {"kind": "RabbitmqCluster", "status": {"conditions": c}}
}

test_queue_unknown if rabbitmq.health.status == "unknown" with input as {"kind": "Queue"}
