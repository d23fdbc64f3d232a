# METADATA
# title: Strimzi Kafka
# description: >-
#   Strimzi reports Ready or NotReady conditions; NotReady True failed with
#   the operator's message, Ready True converged, no status progressing.
# custom:
#   id: health-strimzi
#   group: kafka.strimzi.io
#   kinds: [Kafka, KafkaBridge, KafkaConnect, KafkaConnector, KafkaUser, KafkaTopic, KafkaMirrorMaker2, KafkaRebalance, KafkaNodePool]
package rift.health.strimzi

import data.rift.health.lib

health := lib.failed(lib.text([lib.cond_message(input, "NotReady"), object.get(lib.condition(input, "NotReady"), "reason", ""), "NotReady"]), [lib.cond_field("NotReady")]) if {
	lib.cond_true(input, "NotReady")
} else := lib.converged("Ready=True", [lib.cond_field("Ready")]) if {
	lib.cond_true(input, "Ready")
} else := lib.waiting if {
	lib.no_status(input)
}
