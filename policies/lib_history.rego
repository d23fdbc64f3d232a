# Whether an object serves at capture time. Telling a past failure from a
# present one is not a rule's judgement: the engine makes it once, for
# every rule, from the times the rules cite (docs/rules.md, "History").
package rift.lib

# healthy is true for an object that is fine at capture time: a pod that
# Succeeded, or Running with Ready=True; another object with Ready=True.
healthy(obj) if {
	obj.kind == "Pod"
	obj.status.phase == "Succeeded"
}

healthy(obj) if {
	obj.kind == "Pod"
	obj.status.phase == "Running"
	condition(obj, "Ready").status == "True"
}

healthy(obj) if {
	obj.kind != "Pod"
	condition(obj, "Ready").status == "True"
}
