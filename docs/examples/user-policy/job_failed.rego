# METADATA
# title: Job failed
# description: >-
#   A Job reports condition Failed=True (BackoffLimitExceeded,
#   DeadlineExceeded): its pods kept failing until the Job gave up. An
#   example user rule with its own cause id, reusing rift's helpers.
# custom:
#   id: example-job-failed
#   cause: job-failed
#   layer: runtime
#   stage: started
#   weight: 45
package rift.rules.example_job_failed

import data.rift.lib

hypothesis contains h if {
	some ns, name
	job := input.objects.Job[ns][name]
	c := lib.condition(job, "Failed")
	c.status == "True"
	h := {
		"subject": lib.ref(job),
		"summary": sprintf("Job %s gave up: %s", [name, object.get(c, "message", c.reason)]),
		"supporting": [lib.condition_evidence(job, c)],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get pods -n %s -l job-name=%s -o wide", [ns, name]),
		"repair": lib.repair(
			"repository",
			"fix the failing step (command, image, configuration) in Git, then let the Job run again",
			["the Job is safe to run twice (idempotent) or its partial work is cleaned up"],
			["the new run fails with the same reason"],
			"revert the commit",
			[lib.accept("runtime", sprintf("Job %s reports Complete=True", [name]))],
		),
		"explains": set(),
	}
}
