package rift.health.percona_test

import data.rift.health.percona

test_ready if percona.health.status == "converged" with input as {"status": {"state": "ready", "ready": 3, "size": 3}}

test_other if percona.health.status == "unknown" with input as {"status": {"state": "dontknow"}}
