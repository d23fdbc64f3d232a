# METADATA
# title: Duplicate id
# description: Uses the id of a built-in rule.
# custom:
#   id: crash-loop
#   cause: crash-loop
#   layer: runtime
#   stage: started
#   weight: 10
package rift.rules.my_crash_loop

hypothesis contains {"subject": {"kind": "Pod", "name": "x"}} if false
