# METADATA
# title: Storage operators (Rook Ceph, Trident)
# description: >-
#   A CephCluster follows Ceph's own health (HEALTH_OK converged,
#   HEALTH_WARN or HEALTH_ERR failed) once created. A Trident backend
#   config follows its last operation (Success converged, Failed failed).
# custom:
#   id: health-storage-ops
#   kinds:
#   - ceph.rook.io/CephCluster
#   - trident.netapp.io/TridentBackendConfig
package rift.health.storage_ops

import data.rift.health.lib

health := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(sprintf("Ceph health is %s: %s", [input.status.ceph.health, concat("; ", [d.message | some d in object.get(input.status.ceph, "details", {})])]), ["status.ceph.health", "status.ceph.details"]) if {
	input.kind == "CephCluster"
	input.status.ceph.health in {"HEALTH_WARN", "HEALTH_ERR"}
} else := lib.converged("Ceph health is HEALTH_OK", ["status.ceph.health"]) if {
	input.kind == "CephCluster"
	input.status.ceph.health == "HEALTH_OK"
} else := lib.failed(object.get(input.status, "message", "the last operation failed"), ["status.lastOperationStatus"]) if {
	input.kind == "TridentBackendConfig"
	input.status.lastOperationStatus == "Failed"
} else := lib.converged(object.get(input.status, "message", "created"), ["status.lastOperationStatus"]) if {
	input.kind == "TridentBackendConfig"
	input.status.lastOperationStatus == "Success"
} else := lib.progressing(object.get(input.status, "message", "in progress"), ["status.lastOperationStatus"]) if {
	input.kind == "TridentBackendConfig"
}
