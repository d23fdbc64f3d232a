package rift.health.contour_test

import data.rift.health.contour

test_valid if contour.health.status == "converged" with input as {"metadata": {"generation": 1}, "spec": {}, "status": {"conditions": [{"type": "Valid", "status": "True", "observedGeneration": 1}]}}

test_stale if contour.health.status == "progressing" with input as {"metadata": {"generation": 2}, "spec": {}, "status": {"conditions": [{"type": "Valid", "status": "True", "observedGeneration": 1}]}}
