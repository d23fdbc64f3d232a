# METADATA
# title: Bad layer
# description: The layer is not one of the eight.
# custom:
#   id: bad-layer
#   cause: crash-loop
#   layer: network
#   stage: started
#   weight: 10
package rift.rules.bad_layer

hypothesis contains {"subject": {"kind": "Pod", "name": "x"}} if false
