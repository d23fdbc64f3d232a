package rift.health.postgres_test

import data.rift.health.postgres

test_zalando_running if postgres.health.status == "converged" with input as {"kind": "postgresql", "status": {"PostgresClusterStatus": "Running"}}

test_cnpg_hibernated if postgres.health.status == "suspended" with input as {"kind": "Cluster", "metadata": {"annotations": {"cnpg.io/hibernation": "on"}}, "status": {"phase": "x"}}
