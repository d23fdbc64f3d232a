# METADATA
# title: RabbitMQ cluster and topology operators
# description: >-
#   A RabbitmqCluster converged when its replicas are ready and the cluster
#   available; a failed reconcile failed; anything else progressing. A
#   topology object (Exchange, Queue, ...) follows its Ready condition; with
#   no status its state is unknown.
# custom:
#   id: health-rabbitmq
#   group: rabbitmq.com
#   kinds: [RabbitmqCluster, Exchange, Permission, Policy, Queue, Shovel, Vhost, Binding, User, Federation, SchemaReplication, TopicPermission, SuperStream, OperatorPolicy]
package rift.health.rabbitmq

import data.rift.health.lib

health := cluster if input.kind == "RabbitmqCluster"

health := topology if input.kind != "RabbitmqCluster"

cluster := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.text([lib.cond_message(input, "ReconcileSuccess"), "reconcile failed"]), [lib.cond_field("ReconcileSuccess")]) if {
	lib.cond_false(input, "ReconcileSuccess")
} else := lib.converged("all replicas ready and the cluster available", [lib.cond_field("AllReplicasReady"), lib.cond_field("ClusterAvailable")]) if {
	lib.cond_true(input, "AllReplicasReady")
	lib.cond_true(input, "ClusterAvailable")
} else := lib.progressing(sprintf("AllReplicasReady=%s, ClusterAvailable=%s", [lib.cond_status(input, "AllReplicasReady"), lib.cond_status(input, "ClusterAvailable")]), [lib.cond_field("AllReplicasReady"), lib.cond_field("ClusterAvailable")])

topology := lib.unknown("no status: the topology operator has not reported on it", ["status"]) if {
	lib.no_status(input)
} else := lib.converged(lib.say(lib.condition(input, "Ready")), [lib.cond_field("Ready")]) if {
	lib.cond_true(input, "Ready")
} else := lib.failed(lib.say(lib.condition(input, "Ready")), [lib.cond_field("Ready")]) if {
	lib.cond_false(input, "Ready")
} else := lib.unknown("no Ready condition", [lib.cond_field("Ready")])
