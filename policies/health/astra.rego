# METADATA
# title: NetApp Astra data protection
# description: >-
#   Backups, snapshots and hook runs report status.state: Completed (or
#   available) converged, Failed or Error failed, Running or Pending
#   progressing; the Application follows Ready. A Schedule is a policy that
#   runs later: it has nothing to converge to.
# custom:
#   id: health-astra
#   group: astra.netapp.io
#   kinds: [AppVault, Application, Backup, ExecHooksRun, ResourceBackup, ResticVolumeBackup, Snapshot, Schedule, KopiaVolumeBackup, Restore]
package rift.health.astra

import data.rift.health.lib

states := {"completed": "converged", "available": "converged", "failed": "failed", "error": "failed", "running": "progressing", "pending": "progressing"}

health := lib.converged(sprintf("protection policy; last run %v", [object.get(input, ["status", "lastScheduleTime"], "not yet")]), ["status.lastScheduleTime"]) if {
	input.kind == "Schedule"
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.text([lib.cond_message(input, "Ready"), "not ready"]), [lib.cond_field("Ready")]) if {
	lib.cond_false(input, "Ready")
} else := lib.result(states[lower(input.status.state)], lib.text([object.get(input.status, "error", ""), sprintf("state %s", [input.status.state])]), ["status.state"]) if {
	states[lower(input.status.state)]
}
