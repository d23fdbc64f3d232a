package rift.health.storage_ops_test

import data.rift.health.storage_ops

test_ceph_warn if storage_ops.health.status == "failed" with input as {"kind": "CephCluster", "status": {"ceph": {"health": "HEALTH_WARN", "details": {"a": {"message": "osd down"}}}}}

test_trident_ok if storage_ops.health.status == "converged" with input as {"kind": "TridentBackendConfig", "status": {"lastOperationStatus": "Success"}}
