package rift.health.olm_test

import data.rift.health.olm

test_latest if olm.health.status == "converged" with input as {"status": {"state": "AtLatestKnown"}}

test_catalog_unhealthy if olm.health.status == "failed" with input as {"status": {"conditions": [{"type": "CatalogSourcesUnhealthy", "status": "True"}]}}

pending_approval(installed) := {
	"spec": {"installPlanApproval": "Manual"},
	"status": {
		"state": "UpgradePending", "installedCSV": installed, "currentCSV": "op.v2",
		"conditions": [{"type": "InstallPlanPending", "status": "True", "reason": "RequiresApproval"}],
	},
}

test_manual_upgrade_waits_for_approval if olm.health.status == "converged" with input as pending_approval("op.v1")

test_manual_first_install_waits_for_approval if olm.health.status == "blocked" with input as pending_approval("")

test_installing if {
	olm.health.status == "progressing" with input as {"status": {"state": "UpgradePending", "conditions": [{"type": "InstallPlanPending", "status": "True", "reason": "Installing"}]}}
}

test_manual_first_install_unpacking if {
	x := pending_approval("")
	unpacking := object.union(x, {"status": {"conditions": array.concat(x.status.conditions, [{"type": "BundleUnpacking", "status": "True", "reason": "UnpackingInProgress"}])}})
	olm.health.status == "progressing" with input as unpacking
}
