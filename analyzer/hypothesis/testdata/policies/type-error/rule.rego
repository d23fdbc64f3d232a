# METADATA
# title: Type error
# description: Line 14 calls a function that does not exist.
# custom:
#   id: type-error
#   cause: crash-loop
#   layer: runtime
#   stage: started
#   weight: 10
package rift.rules.type_error

hypothesis contains h if {
	some pod in input.objects.Pod[_]
	h := no_such_function(pod)
}
