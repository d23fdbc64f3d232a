# METADATA
# title: Percona database operators
# description: >-
#   status.state: ready converged; paused suspended; error failed;
#   initializing or stopping progressing; anything else unknown.
# custom:
#   id: health-percona
#   kinds:
#   - pxc.percona.com/PerconaXtraDBCluster
#   - psmdb.percona.com/PerconaServerMongoDB
#   - pg.percona.com/PerconaPGCluster
package rift.health.percona

import data.rift.health.lib

states := {"ready": "converged", "paused": "suspended", "error": "failed", "initializing": "progressing", "stopping": "progressing"}

msg := sprintf("%v/%v nodes ready%s", [object.get(input.status, "ready", 0), object.get(input.status, "size", 0), lib.suffix(concat("; ", [m | some m in object.get(input.status, "message", []); is_string(m)]))])

health := lib.waiting if {
	lib.no_status(input)
} else := lib.result(states[input.status.state], sprintf("state %s: %s", [input.status.state, msg]), ["status.state", "status.ready", "status.size"]) if {
	states[input.status.state]
} else := lib.unknown(sprintf("state %q: %s", [object.get(input.status, "state", ""), msg]), ["status.state"])
