package rift.health.crossplane_test

import data.rift.health.crossplane

test_composition if crossplane.health.status == "converged" with input as {"kind": "Composition"}

test_managed_waiting if crossplane.health.status == "progressing" with input as {"kind": "Bucket"}
