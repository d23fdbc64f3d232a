package rift.health.crd_test

import data.rift.health.crd

test_established if crd.health.status == "converged" with input as {"metadata": {}, "status": {"conditions": [{"type": "Established", "status": "True"}]}}

test_non_structural if crd.health.status == "failed" with input as {"metadata": {}, "status": {"conditions": [{"type": "NonStructuralSchema", "status": "True"}]}}
