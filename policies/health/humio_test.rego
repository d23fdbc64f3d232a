package rift.health.humio_test

import data.rift.health.humio

test_config_error if humio.health.status == "failed" with input as {"status": {"state": "ConfigError"}}

test_exists if humio.health.status == "converged" with input as {"status": {"state": "Exists"}}
