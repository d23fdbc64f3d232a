package rift.health.jobs_test

import data.rift.health.jobs

test_ansible_failed if jobs.health.status == "failed" with input as {"kind": "AnsibleJob", "status": {"ansibleJobResult": {"status": "failed"}}}

test_spark_running if jobs.health.status == "converged" with input as {"kind": "SparkApplication", "status": {"applicationState": {"state": "RUNNING"}}}
