# METADATA
# title: No weight
# description: The custom block lacks a weight.
# custom:
#   id: no-weight
#   cause: crash-loop
#   layer: runtime
#   stage: started
package rift.rules.no_weight

hypothesis contains {"subject": {"kind": "Pod", "name": "x"}} if false
