# METADATA
# title: VictoriaMetrics operator
# description: >-
#   Objects report status.updateStatus: operational converged, expanding
#   progressing, failed failed with the operator's reason; paused
#   suspended; a spec not observed yet progressing.
# custom:
#   id: health-victoriametrics
#   group: operator.victoriametrics.com
#   kinds: ["*"]
package rift.health.victoriametrics

import data.rift.health.lib

health := lib.suspended("reconciliation is paused", ["spec.paused"]) if {
	input.spec.paused == true
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing(lib.lag_reason(input), lib.lag_fields) if {
	lib.observed_lag(input)
} else := lib.failed(object.get(input.status, "reason", "update failed"), ["status.updateStatus", "status.reason"]) if {
	input.status.updateStatus == "failed"
} else := lib.converged("operational", ["status.updateStatus"]) if {
	input.status.updateStatus == "operational"
} else := lib.progressing(sprintf("update status %v", [object.get(input.status, "updateStatus", "not reported")]), ["status.updateStatus"])
