package rift.rules.job_failed_test

import data.rift.rules.job_failed

job(conditions) := {
	"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "migrate", "namespace": "shop"},
	"status": {"failed": 2, "conditions": conditions},
}

failed := [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff limit", "lastTransitionTime": "2026-01-01T00:03:00Z"}]

pod(name, finished, code) := {
	"apiVersion": "v1", "kind": "Pod",
	"metadata": {"name": name, "namespace": "shop", "labels": {"job-name": "migrate"}},
	"status": {"phase": "Failed", "containerStatuses": [{"name": "migrate", "state": {"terminated": {"exitCode": code, "reason": "Error", "finishedAt": finished}}}]},
}

base := {
	"objects": {
		"Job": {"shop": {"migrate": job(failed)}},
		"Pod": {"shop": {
			"migrate-b": pod("migrate-b", "2026-01-01T00:02:40Z", 1),
			"migrate-a": pod("migrate-a", "2026-01-01T00:01:10Z", 1),
			"web-1": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web-1", "namespace": "shop"}, "status": {"phase": "Running"}},
		}},
	},
	"logs": {"shop/migrate-b": [{"container": "migrate", "file": "logs/shop/migrate-b/migrate.log", "lines": ["applying 0042_add_order_index", "ERROR: relation \"orders_v2\" does not exist"]}]},
}

# The latest failed pod's exit and its last log line support the Job's
# failure.
test_failed_job_cites_the_last_pod if {
	some h in job_failed.hypothesis with input as base
	h.subject == {"apiVersion": "batch/v1", "kind": "Job", "namespace": "shop", "name": "migrate"}
	contains(h.summary, "pod migrate-b exited 1 (Error)")
	some e in h.supporting
	e.message == "ERROR: relation \"orders_v2\" does not exist"
	e.file == "logs/shop/migrate-b/migrate.log"
	count(h.supporting) == 3
}

# Without pods or logs in the bundle, the condition alone supports it.
test_failed_job_without_pods if {
	some h in job_failed.hypothesis with input as {"objects": {"Job": {"shop": {"migrate": job(failed)}}}}
	count(h.supporting) == 1
	not contains(h.summary, "exited")
}

test_running_or_complete_job_negative if {
	every conds in [[], [{"type": "Complete", "status": "True"}], [{"type": "Failed", "status": "False"}]] {
		count(job_failed.hypothesis) == 0 with input as {"objects": {"Job": {"shop": {"migrate": job(conds)}}}}
	}
}

cron_run(name, created, conditions) := object.union(job(conditions), {"metadata": {
	"name": name, "creationTimestamp": created,
	"ownerReferences": [{"apiVersion": "batch/v1", "kind": "CronJob", "name": "report", "controller": true}],
}})

# A CronJob's failed run is current while it is the newest run, history
# once a later run exists.
test_cronjob_runs if {
	complete := [{"type": "Complete", "status": "True"}]
	older := cron_run("report-1", "2026-01-01T00:00:00Z", failed)
	newer := cron_run("report-2", "2026-01-01T01:00:00Z", complete)
	count(job_failed.hypothesis) == 0 with input as {"objects": {"Job": {"shop": {"report-1": older, "report-2": newer}}}}
	some h in job_failed.hypothesis with input as {"objects": {"Job": {"shop": {"report-1": older}}}}
	h.subject.name == "report-1"
}
