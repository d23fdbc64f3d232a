# Failures read from events and logs are history unless the object still
# fails at capture time.
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

# healthy_ref is healthy for the object a reference names.
healthy_ref(r) if healthy(input.objects[r.kind][r.namespace][r.name])

# recovered is the contradicting evidence for a failure read from history
# (events, logs) when the object is healthy at capture time.
recovered(obj) := [field(obj, "status", "healthy at capture time: the failure read from events or logs is history")] if healthy(obj)

else := []

# history_status is contradicted for a failure read from history on an
# object that is healthy at capture time, supported otherwise.
history_status(obj) := "contradicted" if healthy(obj)

else := "supported"
