package rift.health.cert_manager_test

import data.rift.health.cert_manager

test_issuing if cert_manager.health.status == "progressing" with input as {"kind": "Certificate", "status": {"conditions": [{"type": "Issuing", "status": "True"}, {"type": "Ready", "status": "False"}]}}

test_gke_active if cert_manager.health.status == "converged" with input as {"kind": "ManagedCertificate", "status": {"certificateStatus": "Active", "domainStatus": [{"domain": "a", "status": "Active"}]}}
