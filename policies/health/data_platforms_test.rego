package rift.health.data_platforms_test

import data.rift.health.data_platforms

test_flink_ready if data_platforms.health.status == "converged" with input as {"kind": "FlinkDeployment", "status": {"jobManagerDeploymentStatus": "READY"}}

test_logstash_red if data_platforms.health.status == "failed" with input as {"kind": "Logstash", "status": {"health": "red"}}

test_otel_partial if data_platforms.health.status == "progressing" with input as {"kind": "OpenTelemetryCollector", "spec": {}, "status": {"scale": {"statusReplicas": "1/3"}}}
