# METADATA
# title: Karmada resource bindings
# description: >-
#   A binding converged when every cluster it is scheduled to has applied
#   the resource and reports it healthy (or cannot tell); a cluster that
#   did not apply it, or reports it unhealthy, failed; no cluster yet, or
#   fewer reports than clusters, progressing.
# custom:
#   id: health-karmada
#   group: work.karmada.io
#   kinds: [ResourceBinding, ClusterResourceBinding]
package rift.health.karmada

import data.rift.health.lib

clusters := object.get(input.spec, "clusters", [])

reports := object.get(input.status, "aggregatedStatus", [])

bad := [sprintf("%s: applied=%v health=%v", [r.clusterName, object.get(r, "applied", false), object.get(r, "health", "")]) |
	some r in reports
	not_ok(r)
]

not_ok(r) if object.get(r, "applied", false) == false

not_ok(r) if object.get(r, "health", "") == "Unhealthy"

health := lib.progressing("not scheduled to any cluster yet", ["spec.clusters"]) if {
	count(clusters) == 0
	count(reports) == 0
} else := lib.progressing(sprintf("%d of %d clusters report on it", [count(reports), count(clusters)]), ["spec.clusters", "status.aggregatedStatus"]) if {
	count(reports) < count(clusters)
} else := lib.failed(concat("; ", bad), ["status.aggregatedStatus"]) if {
	count(bad) > 0
} else := lib.converged(sprintf("applied on %d clusters", [count(reports)]), ["status.aggregatedStatus"])
