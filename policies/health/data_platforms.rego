# METADATA
# title: Data platform operators (Flink, Banzai Kafka, Elastic, OpenTelemetry)
# description: >-
#   FlinkDeployment follows its job manager deployment (READY converged,
#   ERROR failed, DEPLOYING progressing) and is suspended when its job is;
#   a Banzai KafkaCluster follows its cluster and broker states; an
#   Elasticsearch or Logstash follows its health colour (green converged,
#   yellow progressing, red failed) and phase; an OpenTelemetryCollector
#   its ready replicas.
# custom:
#   id: health-data-platforms
#   kinds:
#   - flink.apache.org/FlinkDeployment
#   - kafka.banzaicloud.io/KafkaCluster
#   - elasticsearch.k8s.elastic.co/Elasticsearch
#   - logstash.k8s.elastic.co/Logstash
#   - opentelemetry.io/OpenTelemetryCollector
package rift.health.data_platforms

import data.rift.health.lib

health := lib.converged("sidecar mode: the collector runs in the pods it is injected into", ["spec.mode"]) if {
	input.kind == "OpenTelemetryCollector"
	input.spec.mode == "sidecar"
} else := lib.waiting if {
	lib.no_status(input)
} else := flink if {
	input.kind == "FlinkDeployment"
} else := banzai if {
	input.kind == "KafkaCluster"
} else := elastic if {
	input.kind in {"Elasticsearch", "Logstash"}
} else := otel if {
	input.kind == "OpenTelemetryCollector"
}

flink := lib.failed(lib.text([object.get(input.status, ["reconciliationStatus", "error"], ""), "job manager deployment ERROR"]), ["status.jobManagerDeploymentStatus", "status.reconciliationStatus.error"]) if {
	input.status.jobManagerDeploymentStatus == "ERROR"
} else := lib.suspended("the job is suspended", ["status.jobStatus.state"]) if {
	input.status.jobStatus.state == "SUSPENDED"
} else := lib.converged("job manager READY", ["status.jobManagerDeploymentStatus"]) if {
	input.status.jobManagerDeploymentStatus == "READY"
} else := lib.progressing(sprintf("job manager %v", [object.get(input.status, "jobManagerDeploymentStatus", "not reported")]), ["status.jobManagerDeploymentStatus"])

broker_bad := [id | some id, b in object.get(input.status, "brokersState", {}); b.configurationState != "ConfigInSync"]

banzai := lib.progressing(sprintf("cluster state %s", [input.status.state]), ["status.state"]) if {
	input.status.state in {"ClusterReconciling", "ClusterRollingUpgrading"}
} else := lib.progressing("brokers are rolling", ["status.cruiseControlTopicStatus"]) if {
	input.status.cruiseControlTopicStatus == "ClusterRollingUpgrading"
} else := lib.failed("broker configuration out of sync, or Cruise Control not ready", ["status.brokersState", "status.cruiseControlTopicStatus"]) if {
	input.status.state == "ClusterRunning"
	count(broker_bad) + count({1 | input.status.cruiseControlTopicStatus != "CruiseControlTopicReady"}) > 0
} else := lib.converged("brokers, Cruise Control and the cluster are healthy", ["status.state", "status.brokersState"]) if {
	input.status.state == "ClusterRunning"
} else := lib.progressing(sprintf("cluster state %v", [object.get(input.status, "state", "")]), ["status.state"])

colours := {"green": "converged", "yellow": "progressing", "red": "failed"}

elastic := lib.progressing(sprintf("phase %s", [input.status.phase]), ["status.phase"]) if {
	input.status.phase in {"ApplyingChanges", "MigratingData"}
} else := lib.failed(sprintf("health %s", [input.status.health]), ["status.health"]) if {
	input.status.health == "red"
} else := lib.progressing(sprintf("%v of %v nodes available", [input.status.availableNodes, sum([n | some s in input.spec.nodeSets; n := object.get(s, "count", 0)])]), ["status.availableNodes", "spec.nodeSets"]) if {
	input.kind == "Elasticsearch"
	input.status.availableNodes < sum([n | some s in input.spec.nodeSets; n := object.get(s, "count", 0)])
} else := lib.result(colours[input.status.health], sprintf("health %s", [input.status.health]), ["status.health"]) if {
	colours[input.status.health]
} else := lib.failed(sprintf("phase %s", [input.status.phase]), ["status.phase"]) if {
	input.status.phase in {"Invalid"}
} else := lib.progressing(sprintf("phase %v", [object.get(input.status, "phase", "not reported")]), ["status.phase"])

replicas := split(input.status.scale.statusReplicas, "/")

otel := lib.converged(sprintf("%s replicas ready", [input.status.scale.statusReplicas]), ["status.scale.statusReplicas"]) if {
	replicas[0] == replicas[1]
} else := lib.failed("no replica is ready", ["status.scale.statusReplicas"]) if {
	to_number(replicas[0]) == 0
} else := lib.progressing(sprintf("%s replicas ready", [input.status.scale.statusReplicas]), ["status.scale.statusReplicas"])
