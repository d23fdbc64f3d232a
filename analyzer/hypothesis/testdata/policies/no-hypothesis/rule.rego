# METADATA
# title: Wrong rule name
# description: Emits "findings" instead of the hypothesis set the engine queries.
# custom:
#   id: no-hypothesis
#   cause: crash-loop
#   layer: runtime
#   stage: started
#   weight: 10
package rift.rules.no_hypothesis

findings contains "x" if false
