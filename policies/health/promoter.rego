# METADATA
# title: GitOps Promoter
# description: >-
#   Promoter objects report Ready (with the generation it describes). A
#   commit gate (GitCommitStatus, TimedCommitStatus, WebRequestCommitStatus)
#   also reports a phase per environment: failure failed, pending
#   progressing. A PromotionStrategy converged when every environment runs
#   the same proposed dry commit it promotes.
# custom:
#   id: health-promoter
#   group: promoter.argoproj.io
#   kinds: [ChangeTransferPolicy, ClusterScmProvider, CommitStatus, GitCommitStatus, GitRepository, PromotionStrategy, ScmProvider, TimedCommitStatus, WebRequestCommitStatus, ArgoCDCommitStatus, PullRequest]
package rift.health.promoter

import data.rift.health.lib

ready := lib.condition(input, "Ready")

health := lib.progressing("being deleted", ["metadata.deletionTimestamp"]) if {
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
