# METADATA
# title: PostgreSQL operators (Zalando, CloudNativePG)
# description: >-
#   A Zalando postgresql follows PostgresClusterStatus (Running converged,
#   a Failed state failed, creating or updating progressing). A
#   CloudNativePG Cluster hibernated or with reconciliation suspended is
#   suspended; otherwise its phase and Ready condition.
# custom:
#   id: health-postgres
#   kinds:
#   - acid.zalan.do/postgresql
#   - postgresql.cnpg.io/Cluster
package rift.health.postgres

import data.rift.health.lib

health := lib.waiting if {
	lib.no_status(input)
} else := zalando if {
	input.kind == "postgresql"
} else := cnpg if {
	input.kind == "Cluster"
}

zalando := lib.converged("Running", ["status.PostgresClusterStatus"]) if {
	input.status.PostgresClusterStatus == "Running"
} else := lib.failed(input.status.PostgresClusterStatus, ["status.PostgresClusterStatus"]) if {
	contains(input.status.PostgresClusterStatus, "Failed")
} else := lib.progressing(object.get(input.status, "PostgresClusterStatus", "not reported"), ["status.PostgresClusterStatus"])

cnpg := lib.suspended("the cluster is hibernated", ["metadata.annotations[cnpg.io/hibernation]"]) if {
	input.metadata.annotations["cnpg.io/hibernation"] == "on"
} else := lib.suspended("the cluster is hibernated", [lib.cond_field("cnpg.io/hibernation")]) if {
	lib.cond_true(input, "cnpg.io/hibernation")
} else := lib.suspended("reconciliation is suspended", ["metadata.annotations[cnpg.io/reconciliationLoop]"]) if {
	input.metadata.annotations["cnpg.io/reconciliationLoop"] == "disabled"
} else := lib.converged(lib.text([object.get(input.status, "phase", ""), "Ready"]), ["status.phase", lib.cond_field("Ready")]) if {
	lib.cond_true(input, "Ready")
} else := lib.failed(input.status.phase, ["status.phase"]) if {
	contains(lower(object.get(input.status, "phase", "")), "fail")
} else := lib.progressing(lib.text([object.get(input.status, "phase", ""), "not ready yet"]), ["status.phase", lib.cond_field("Ready")])
