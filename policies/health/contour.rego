# METADATA
# title: Contour HTTPProxy and ExtensionService
# description: >-
#   Converged when Valid is True for the current generation; Valid False
#   failed, except for an HTTPProxy that only includes others, whose
#   children are judged on their own; not reconciled yet progressing.
# custom:
#   id: health-contour
#   group: projectcontour.io
#   kinds: [HTTPProxy, ExtensionService, TLSCertificateDelegation]
package rift.health.contour

import data.rift.health.lib

valid := lib.condition(input, "Valid")

only_includes if {
	count(object.get(input.spec, "includes", [])) > 0
	count(object.get(input.spec, "routes", [])) == 0
}

health := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing(object.get(input.status, "description", "waiting for the controller"), ["status.currentStatus"]) if {
	input.status.currentStatus == "NotReconciled"
} else := lib.progressing("Valid describes an older generation", ["metadata.generation", lib.cond_field("Valid")]) if {
	valid.observedGeneration < input.metadata.generation
} else := lib.converged("an HTTPProxy that only includes others: its children are judged on their own", ["spec.includes"]) if {
	only_includes
} else := lib.failed(lib.say(valid), [lib.cond_field("Valid")]) if {
	valid.status == "False"
} else := lib.converged(lib.say(valid), [lib.cond_field("Valid")]) if {
	valid.status == "True"
} else := lib.progressing("no Valid condition yet", [lib.cond_field("Valid")])
