# METADATA
# title: Syntax error
# description: The rule body is never closed, so the file ends early.
# custom:
#   id: syntax-error
#   cause: crash-loop
#   layer: runtime
#   stage: started
#   weight: 10
package rift.rules.syntax_error

hypothesis contains h if {
	h := {"subject": {"kind": "Pod", "name": "x"}
}
