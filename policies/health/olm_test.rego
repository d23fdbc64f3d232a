package rift.health.olm_test

import data.rift.health.olm

test_latest if olm.health.status == "converged" with input as {"status": {"state": "AtLatestKnown"}}

test_catalog_unhealthy if olm.health.status == "failed" with input as {"status": {"conditions": [{"type": "CatalogSourcesUnhealthy", "status": "True"}]}}
