# METADATA
# title: Humio (LogScale) operator objects
# description: >-
#   status.state: Running or Exists converged, ConfigError failed, NotFound
#   (not in LogScale: the operator has not established it) unknown,
#   Restarting, Upgrading or Pending progressing; no state yet progressing.
# custom:
#   id: health-humio
#   group: core.humio.com
#   kinds: [HumioAlert, HumioCluster, HumioIngestToken, HumioParser, HumioRepository, HumioView, HumioAction, HumioFilterAlert, HumioScheduledSearch, HumioAggregateAlert]
package rift.health.humio

import data.rift.health.lib

states := {
	"Running": "converged", "Exists": "converged", "ConfigError": "failed", "NotFound": "unknown", "Unknown": "unknown",
	"Restarting": "progressing", "Upgrading": "progressing", "Pending": "progressing", "Bootstrapping": "progressing",
}

health := lib.progressing("no state yet: waiting for the operator", ["status.state"]) if {
	not input.status.state
} else := lib.result(states[input.status.state], lib.text([object.get(input.status, "message", ""), sprintf("state %s", [input.status.state])]), ["status.state"])
