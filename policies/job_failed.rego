# METADATA
# title: Job failed
# description: >-
#   A Job gave up (Failed=True: BackoffLimitExceeded, DeadlineExceeded, a
#   pod failure policy): its pods exited with an error and no retry is left.
#   A CronJob's failed run that a later run replaced is history, not this.
#   A migration or sync hook that fails this way stops what waits on it: an
#   Argo CD sync whose PreSync hook it is, a Helm --wait, which the layers
#   tie to it (waitsOn). The last failed pod's exit and log say why.
# custom:
#   id: job-failed
#   cause: job-failed
#   layer: runtime
#   stage: started
#   weight: 55
package rift.rules.job_failed

import data.rift.lib

hypothesis contains h if {
	some ns, name
	job := input.objects.Job[ns][name]
	some c in object.get(job, ["status", "conditions"], [])
	c.type == "Failed"
	c.status == "True"
	not superseded(ns, job)
	exits := terminations(ns, name)
	h := {
		"subject": lib.ref(job),
		"summary": sprintf("Job %s failed (%s: %s)%s", [name, c.reason, c.message, last_exit(exits)]),
		"supporting": array.concat(array.concat([lib.condition_evidence(job, c)], [e.cite | some e in last(exits)]), log_lines(ns, last(exits))),
		"contradicting": [],
		"nextCheck": sprintf("kubectl logs job/%s -n %s --tail=50", [name, ns]),
		"repair": lib.repair(
			"repository",
			sprintf("fix what Job %s runs (its command, configuration, or the migration it applies) in Git; rerunning it unchanged repeats the failure", [name]),
			["the failed pod's log or exit reason names the failure"],
			["the new Job's pods fail the same way"],
			"revert the commit that changed the Job",
			[
				lib.accept("runtime", sprintf("Job %s/%s completes (Complete=True)", [ns, name])),
				lib.accept("gitops", "the sync or release that waited on it succeeds"),
			],
		),
		"explains": set(),
	}
}

# superseded is a CronJob's failed run that a later run of the same
# CronJob replaced: history (failedJobsHistoryLimit keeps it), which the
# CronJob's own verdict, read from its newest run, already accounts for.
superseded(ns, job) if {
	some ref in job.metadata.ownerReferences
	ref.kind == "CronJob"
	some other in input.objects.Job[ns]
	some oref in other.metadata.ownerReferences
	oref.kind == "CronJob"
	oref.name == ref.name
	other.metadata.creationTimestamp > job.metadata.creationTimestamp
}

# terminations are the failed containers of the Job's pods (by the
# job-name label the Job controller sets), oldest first:
# {pod, container, exitCode, reason, finishedAt, cite}.
terminations(ns, job) := [t |
	some [_, t] in sort([[x.finishedAt, x] |
		some pod_name, p in object.get(input.objects, ["Pod", ns], {})
		object.get(p, ["metadata", "labels", "job-name"], "") == job
		some s in object.get(p, ["status", "containerStatuses"], [])
		term := s.state.terminated
		object.get(term, "exitCode", 0) != 0
		x := {
			"pod": pod_name, "container": s.name, "exitCode": term.exitCode,
			"reason": object.get(term, "reason", ""), "finishedAt": object.get(term, "finishedAt", ""),
			"cite": lib.field_at(p, sprintf("status.containerStatuses[name=%s].state.terminated", [s.name]), sprintf("exit code %v (%s)", [term.exitCode, object.get(term, "reason", "")]), object.get(term, "finishedAt", "")),
		}
	])
]

# last is the latest termination, as a list of at most one.
last(ts) := [ts[count(ts) - 1]] if count(ts) > 0

else := []

last_exit(ts) := sprintf("; pod %s exited %v (%s)", [t.pod, t.exitCode, t.reason]) if {
	some t in last(ts)
} else := ""

# log_lines cites the last line the failed container logged.
log_lines(ns, ts) := [{"object": {"apiVersion": "v1", "kind": "Pod", "namespace": ns, "name": t.pod}, "file": l.file, "message": l.lines[count(l.lines) - 1]} |
	some t in ts
	some l in object.get(input.logs, concat("/", [ns, t.pod]), [])
	object.get(l, "container", t.container) == t.container
	count(l.lines) > 0
]
