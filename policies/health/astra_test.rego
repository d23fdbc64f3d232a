package rift.health.astra_test

import data.rift.health.astra

test_running if astra.health.status == "progressing" with input as {"kind": "Backup", "status": {"state": "Running"}}

test_schedule if astra.health.status == "converged" with input as {"kind": "Schedule"}
