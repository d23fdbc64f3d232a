package rift.rules.example_job_failed_test

import data.rift.rules.example_job_failed

job(status) := {
	"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "migrate", "namespace": "shop"},
	"status": {"conditions": [{"type": "Failed", "status": status, "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff limit"}]},
}

test_failed_job if {
	some h in example_job_failed.hypothesis with input as {"objects": {"Job": {"shop": {"migrate": job("True")}}}}
	h.subject.name == "migrate"
	contains(h.summary, "backoff limit")
}

test_running_job if {
	count(example_job_failed.hypothesis) == 0 with input as {"objects": {"Job": {"shop": {"migrate": job("False")}}}}
}
