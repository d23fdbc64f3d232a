package rift.health.confluent_test

import data.rift.health.confluent

test_running if confluent.health.status == "converged" with input as {"kind": "Kafka", "status": {"phase": "RUNNING"}}

test_connector_failed_tasks if confluent.health.status == "failed" with input as {"kind": "Connector", "status": {"state": "CREATED", "failedTasksCount": 1}}
