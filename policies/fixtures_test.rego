# Test helper: builds the indexes the Go engine adds to the input
# (pods_by_phase, pods_by_container_reason, events_by_reason,
# events_by_type) from a test input's objects and events_by_object, so rule
# tests can state only the objects. The Go tests check the engine builds the same indexes.
package rift.fixtures

indexed(inp) := object.union(inp, {
	"pods_by_phase": {phase: [k | some k, p in pods(inp); p.status.phase == phase] | some p in pods(inp); phase := p.status.phase},
	"pods_by_container_reason": {r: [k | some k, p in pods(inp); r in reasons(p)] | some p in pods(inp); some r in reasons(p)},
	"events_by_reason": {e.reason: [x | some x in events(inp); x.reason == e.reason] | some e in events(inp)},
	"events_by_type": {t: [x | some x in events(inp); object.get(x, "type", "") == t] | some e in events(inp); t := object.get(e, "type", "")},
})

pods(inp) := {concat("/", [ns, name]): p |
	some ns, name
	p := inp.objects.Pod[ns][name]
}

reasons(p) := {r |
	some s in array.concat(object.get(p, ["status", "initContainerStatuses"], []), object.get(p, ["status", "containerStatuses"], []))
	some r in [
		object.get(s, ["state", "waiting", "reason"], ""),
		object.get(s, ["state", "terminated", "reason"], ""),
		object.get(s, ["lastState", "terminated", "reason"], ""),
	]
	r != ""
}

events(inp) := [object.union({"object": {"kind": parts[0], "namespace": parts[1], "name": parts[2]}}, e) |
	some key, evs in object.get(inp, "events_by_object", {})
	parts := split(key, "/")
	some e in evs
]
