# METADATA
# title: Confluent for Kubernetes
# description: >-
#   Confluent platform components report status.phase (RUNNING converged,
#   PROVISIONING progressing, ERROR or FAILED failed). A Connector is
#   converged when it runs with no failed task.
# custom:
#   id: health-confluent
#   group: platform.confluent.io
#   kinds: [Connect, Connector, Kafka, KsqlDB, SchemaRegistry, Zookeeper, ControlCenter, KRaftController, KafkaRestProxy, KafkaTopic]
package rift.health.confluent

import data.rift.health.lib

phases := {"RUNNING": "converged", "PROVISIONING": "progressing", "ERROR": "failed", "FAILED": "failed"}

health := lib.waiting if {
	lib.no_status(input)
} else := connector if {
	input.kind == "Connector"
} else := lib.result(phases[input.status.phase], sprintf("%s %s", [input.kind, lower(input.status.phase)]), ["status.phase"]) if {
	phases[input.status.phase]
}

connector := lib.failed(lib.text([lib.cond_message(input, "platform.confluent.io/app-ready"), "the connector failed"]), ["status.state", "status.appState"]) if {
	input.status.state == "ERROR"
} else := lib.failed(lib.text([lib.cond_message(input, "platform.confluent.io/app-ready"), "the connector failed"]), ["status.appState"]) if {
	input.status.appState == "Failed"
} else := lib.failed(sprintf("%v failed tasks", [input.status.failedTasksCount]), ["status.failedTasksCount"]) if {
	input.status.failedTasksCount > 0
} else := lib.converged("the connector runs", ["status.connectorState"]) if {
	input.status.connectorState == "RUNNING"
} else := lib.progressing(sprintf("connector state %v", [object.get(input.status, "connectorState", "not reported")]), ["status.connectorState"])
