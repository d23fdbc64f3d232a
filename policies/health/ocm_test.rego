package rift.health.ocm_test

import data.rift.health.ocm

test_noncompliant if {
	p := {"kind": "Policy", "spec": {}, "metadata": {}, "status": {"compliant": "NonCompliant", "status": [{"clustername": "a", "compliant": "NonCompliant"}]}}
	ocm.health.status == "failed" with input as p
}

test_disabled if ocm.health.status == "converged" with input as {"kind": "Policy", "spec": {"disabled": true}}
