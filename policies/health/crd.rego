# METADATA
# title: CustomResourceDefinition
# description: >-
#   Converged when Established with its names accepted; a non-structural
#   schema, refused names or a failed establishment failed; installing or
#   terminating progressing.
# custom:
#   id: health-crd
#   group: apiextensions.k8s.io
#   kinds: [CustomResourceDefinition]
package rift.health.crd

import data.rift.health.lib

health := lib.progressing("terminating", ["metadata.deletionTimestamp", lib.cond_field("Terminating")]) if {
	input.metadata.deletionTimestamp
} else := lib.progressing(lib.say(lib.condition(input, "Terminating")), [lib.cond_field("Terminating")]) if {
	lib.cond_true(input, "Terminating")
} else := lib.failed(lib.say(lib.condition(input, "NonStructuralSchema")), [lib.cond_field("NonStructuralSchema")]) if {
	lib.cond_true(input, "NonStructuralSchema")
} else := lib.failed(lib.say(lib.condition(input, "NamesAccepted")), [lib.cond_field("NamesAccepted")]) if {
	lib.cond_false(input, "NamesAccepted")
} else := lib.progressing(lib.say(lib.condition(input, "Established")), [lib.cond_field("Established")]) if {
	lib.condition(input, "Established").reason == "Installing"
	lib.cond_false(input, "Established")
} else := lib.failed(lib.say(lib.condition(input, "Established")), [lib.cond_field("Established")]) if {
	lib.cond_false(input, "Established")
} else := lib.converged("established", [lib.cond_field("Established")]) if {
	lib.cond_true(input, "Established")
} else := lib.progressing("no Established condition yet", ["status.conditions"])
