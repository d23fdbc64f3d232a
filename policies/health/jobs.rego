# METADATA
# title: Run-to-completion jobs of other controllers
# description: >-
#   AnsibleJob (AWX/Tower) and SparkApplication runs: a successful or
#   completed run converged, a failed, errored or canceled one failed, a
#   new, pending, waiting or running one progressing. A streaming Spark
#   application that is RUNNING serves: converged.
# custom:
#   id: health-jobs
#   kinds:
#   - tower.ansible.com/AnsibleJob
#   - sparkoperator.k8s.io/SparkApplication
#   - sparkoperator.k8s.io/ScheduledSparkApplication
package rift.health.jobs

import data.rift.health.lib

ansible := {"successful": "converged", "failed": "failed", "error": "failed", "canceled": "failed", "new": "progressing", "pending": "progressing", "waiting": "progressing", "running": "progressing"}

spark := {
	"COMPLETED": "converged", "RUNNING": "converged", "FAILED": "failed", "SUBMISSION_FAILED": "failed", "FAILING": "failed",
	"INVALIDATING": "progressing", "PENDING_RERUN": "progressing", "SUBMITTED": "progressing", "SUCCEEDING": "progressing", "": "progressing",
}

health := lib.waiting if {
	lib.no_status(input)
} else := lib.result(ansible[s], sprintf("%s job %s", [s, object.get(input.status.ansibleJobResult, "url", "")]), ["status.ansibleJobResult.status"]) if {
	input.kind == "AnsibleJob"
	s := input.status.ansibleJobResult.status
	ansible[s]
} else := lib.progressing("waiting for the job to start", ["status.ansibleJobResult"]) if {
	input.kind == "AnsibleJob"
} else := lib.result(spark[s], lib.text([object.get(input.status.applicationState, "errorMessage", ""), sprintf("application state %s", [s])]), ["status.applicationState.state"]) if {
	input.kind == "SparkApplication"
	s := object.get(input.status, ["applicationState", "state"], "")
	spark[s]
}
