package rift.health.minio_test

import data.rift.health.minio

test_initialized if minio.health.status == "converged" with input as {"status": {"currentState": "Initialized"}}

test_error if minio.health.status == "failed" with input as {"status": {"currentState": "Tenant credentials are not set properly"}}
