# METADATA
# title: GitOps Promoter
# description: >-
#   Promoter objects report Ready (with the generation it describes). A
#   commit gate (GitCommitStatus, TimedCommitStatus, WebRequestCommitStatus)
#   also reports a phase per environment: failure failed, pending
#   progressing. A PromotionStrategy converged when every environment runs
#   the same proposed dry commit it promotes, a ChangeTransferPolicy when
#   its active dry commit is the proposed one. A Ready condition without a
#   status (a capture whose value was no string, which the loader drops)
#   says nothing of the last reconcile: the other fields may still show a
#   failure or a promotion under way, but never that the object converged.
# custom:
#   id: health-promoter
#   group: promoter.argoproj.io
#   kinds: [ChangeTransferPolicy, ClusterScmProvider, CommitStatus, GitCommitStatus, GitRepository, PromotionStrategy, ScmProvider, TimedCommitStatus, WebRequestCommitStatus, ArgoCDCommitStatus, PullRequest]
package rift.health.promoter

import data.rift.health.lib

ready := lib.condition(input, "Ready")

health := lib.unknown(sprintf("%s, but the Ready condition carries no status", [judged.reason]), array.concat(judged.fields, [lib.cond_field("Ready")])) if {
	judged.status == "converged"
	not ready.status
} else := judged

judged := lib.progressing("being deleted", ["metadata.deletionTimestamp"]) if {
	input.metadata.deletionTimestamp
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing("no Ready condition yet", [lib.cond_field("Ready")]) if {
	not lib.condition(input, "Ready")
} else := lib.progressing(sprintf("Ready describes generation %v of %v", [ready.observedGeneration, input.metadata.generation]), [lib.cond_field("Ready")]) if {
	ready.observedGeneration < input.metadata.generation
} else := lib.failed(lib.say(ready), [lib.cond_field("Ready")]) if {
	ready.status == "False"
} else := lib.progressing(lib.say(ready), [lib.cond_field("Ready")]) if {
	ready.status != "True"
} else := lib.failed(sprintf("the gate failed for %s", [concat(", ", envs("failure"))]), ["status.environments"]) if {
	count(envs("failure")) > 0
} else := lib.progressing(sprintf("the gate is pending for %s", [concat(", ", envs("pending"))]), ["status.environments"]) if {
	count(envs("pending")) > 0
} else := strategy if {
	input.kind == "PromotionStrategy"
} else := transfer if {
	input.kind == "ChangeTransferPolicy"
} else := lib.converged(sprintf("reconciled; the commit reports %v", [object.get(input.status, "phase", "nothing yet")]), [lib.cond_field("Ready"), "status.phase"]) if {
	not ready.status
} else := lib.converged(lib.say(ready), [lib.cond_field("Ready")])

envs(phase) := [e.branch | some e in object.get(input.status, "environments", []); object.get(e, "phase", "") == phase]

proposed := {object.get(e, ["proposed", "dry", "sha"], "") | some e in input.status.environments}

strategy := lib.failed("no environments configured", ["status.environments"]) if {
	count(object.get(input.status, "environments", [])) == 0
} else := lib.progressing("the environments do not all propose the same dry commit yet", ["status.environments[].proposed.dry.sha"]) if {
	count(proposed) > 1
} else := lib.progressing(sprintf("promotion in progress for %s", [e.branch]), ["status.environments[].active.dry.sha"]) if {
	some e in input.status.environments
	object.get(e, ["active", "dry", "sha"], "") != object.get(e, ["proposed", "dry", "sha"], "")
} else := lib.converged("every environment is up to date on its proposed commit", ["status.environments"])

dry(side) := object.get(input.status, [side, "dry", "sha"], "")

transfer := lib.progressing(sprintf("the %s dry commit is not known yet", [side]), [sprintf("status.%s.dry.sha", [side])]) if {
	some side in ["active", "proposed"]
	dry(side) == ""
} else := lib.progressing(sprintf("promotion in progress from %s to %s", [dry("active"), dry("proposed")]), ["status.active.dry.sha", "status.proposed.dry.sha"]) if {
	dry("active") != dry("proposed")
} else := lib.converged(sprintf("up to date on dry commit %s", [dry("active")]), ["status.active.dry.sha", "status.proposed.dry.sha"])
