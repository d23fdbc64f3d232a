# METADATA
# title: MinIO Tenant
# description: >-
#   A Tenant reports a sentence in status.currentState: Initialized
#   converged; the operator's error sentences failed; provisioning,
#   waiting and updating sentences, and any other, progressing.
# custom:
#   id: health-minio
#   group: minio.min.io
#   kinds: [Tenant]
package rift.health.minio

import data.rift.health.lib

errors := {
	"Statefulset not controlled by operator", "Another MinIO Tenant already exists in the namespace",
	"Tenant credentials are not set properly", "Different versions across MinIO Pools",
	"Pool Decommissioning Not Allowed",
}

health := lib.progressing("no state yet: waiting for the operator", ["status.currentState"]) if {
	not input.status.currentState
} else := lib.converged("Initialized", ["status.currentState"]) if {
	input.status.currentState == "Initialized"
} else := lib.failed(input.status.currentState, ["status.currentState"]) if {
	input.status.currentState in errors
} else := lib.progressing(input.status.currentState, ["status.currentState"])
