# METADATA
# title: Grafana operator
# description: >-
#   A Grafana instance follows its stage (complete and success converged, a
#   failed stage failed, the rest progressing). Dashboards, folders and
#   datasources converge once synchronized to an instance: a condition
#   that failed, or no matching instance, failed.
# custom:
#   id: health-grafana
#   kinds:
#   - grafana.integreatly.org/Grafana
#   - grafana.integreatly.org/GrafanaDashboard
#   - grafana.integreatly.org/GrafanaDatasource
#   - grafana.integreatly.org/GrafanaFolder
#   - grafana.integreatly.org/GrafanaAlertRuleGroup
#   - grafana.integreatly.org/GrafanaContactPoint
#   - grafana-org-operator.kubitus-project.gitlab.io/*
package rift.health.grafana

import data.rift.health.lib

failed_conds := [lib.say(c) | some c in object.get(input.status, "conditions", []); c.status == "False"]

health := lib.waiting if {
	lib.no_status(input)
} else := instance if {
	input.kind == "Grafana"
} else := lib.failed("no matching Grafana instance", ["status.NoMatchingInstances"]) if {
	input.status.NoMatchingInstances == true
} else := lib.failed(concat("; ", failed_conds), ["status.conditions"]) if {
	count(failed_conds) > 0
} else := lib.converged(lib.say(lib.condition(input, "Ready")), [lib.cond_field("Ready")]) if {
	lib.cond_true(input, "Ready")
} else := lib.converged(sprintf("synchronized at %s", [input.status.lastResync]), ["status.lastResync"]) if {
	input.status.lastResync
} else := lib.progressing("not synchronized to a Grafana instance yet", ["status.lastResync"])

instance := lib.failed(sprintf("failed at stage %s", [input.status.stage]), ["status.stage", "status.stageStatus"]) if {
	input.status.stageStatus == "failed"
} else := lib.converged("stage complete", ["status.stage", "status.stageStatus"]) if {
	input.status.stage == "complete"
	input.status.stageStatus == "success"
} else := lib.progressing(sprintf("stage %v", [object.get(input.status, "stage", "")]), ["status.stage"])
