package rift.health.cluster_api_test

import data.rift.health.cluster_api

test_failure_message if cluster_api.health.status == "failed" with input as {"kind": "AWSManagedControlPlane", "spec": {}, "status": {"failureMessage": "boom"}}

test_mhc_unhealthy if cluster_api.health.status == "failed" with input as {"kind": "MachineHealthCheck", "spec": {}, "status": {"currentHealthy": 1, "expectedMachines": 3}}

test_provisioning if cluster_api.health.status == "progressing" with input as {"kind": "Cluster", "spec": {}, "status": {"phase": "Provisioning"}}
