package rift.health.openshift_test

import data.rift.health.openshift

test_route_admitted if openshift.health.status == "converged" with input as {"kind": "Route", "status": {"ingress": [{"conditions": [{"type": "Admitted", "status": "True"}]}]}}

test_dc_rolled_out if openshift.health.status == "converged" with input as {"kind": "DeploymentConfig", "status": {"conditions": [{"type": "Progressing", "status": "True", "reason": "NewReplicationControllerAvailable"}]}}
