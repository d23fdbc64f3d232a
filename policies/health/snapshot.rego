# METADATA
# title: CSI volume snapshots
# description: >-
#   A VolumeSnapshot or VolumeSnapshotContent converged when readyToUse;
#   an error reported failed; otherwise progressing.
# custom:
#   id: health-snapshot
#   group: snapshot.storage.k8s.io
#   kinds: [VolumeSnapshot, VolumeSnapshotContent]
package rift.health.snapshot

import data.rift.health.lib

health := lib.waiting if {
	lib.no_status(input)
} else := lib.converged("ready to use", ["status.readyToUse"]) if {
	input.status.readyToUse == true
} else := lib.failed(object.get(input.status.error, "message", "snapshot error"), ["status.error"]) if {
	input.status.error
} else := lib.progressing("not ready to use yet", ["status.readyToUse"])
