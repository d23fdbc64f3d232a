# METADATA
# title: Karpenter
# description: >-
#   A NodeClaim walks Launched, Registered, Initialized and Ready: until
#   Ready it is progressing, Ready False with a reason failed. Disrupting
#   True (expired, drifted, consolidated) is progressing whatever Ready
#   says: Karpenter drains the node and replaces it. A NodePool
#   or EC2NodeClass follows Ready, where NotReady is a failure.
# custom:
#   id: health-karpenter
#   kinds:
#   - karpenter.sh/NodeClaim
#   - karpenter.sh/NodePool
#   - karpenter.k8s.aws/EC2NodeClass
package rift.health.karpenter

import data.rift.health.lib

ready := lib.condition(input, "Ready")

steps := [t | some t in ["Launched", "Registered", "Initialized"]; lib.cond_true(input, t)]

health := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing(sprintf("Karpenter is replacing the node: %s", [lib.say(lib.condition(input, "Disrupting"))]), [lib.cond_field("Disrupting")]) if {
	lib.cond_true(input, "Disrupting")
} else := lib.failed(lib.text([object.get(ready, "message", ""), lib.say(ready)]), [lib.cond_field("Ready")]) if {
	ready.status == "False"
} else := lib.converged(lib.say(ready), [lib.cond_field("Ready")]) if {
	ready.status == "True"
} else := lib.progressing(sprintf("steps done: %s; waiting for Ready", [concat(", ", steps)]), ["status.conditions"])
