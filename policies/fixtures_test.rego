# Test helper: builds the indexes the Go engine adds to the input
# (pods_by_phase, pods_by_container_reason, events_by_reason,
# events_by_type, workload_images) from a test input's objects,
# workloads and events_by_object, so rule tests can state only those. The
# Go tests check the engine builds the same indexes.
package rift.fixtures

indexed(inp) := object.union(inp, {
	"pods_by_phase": {phase: [k | some k, p in pods(inp); p.status.phase == phase] | some p in pods(inp); phase := p.status.phase},
	"pods_by_container_reason": {r: [k | some k, p in pods(inp); r in reasons(p)] | some p in pods(inp); some r in reasons(p)},
	"events_by_reason": {e.reason: [x | some x in events(inp); x.reason == e.reason] | some e in events(inp)},
	"events_by_type": {t: [x | some x in events(inp); object.get(x, "type", "") == t] | some e in events(inp); t := object.get(e, "type", "")},
	"workload_images": workload_images(inp),
})

# workload_images is input.workload_images: the [container, digest] pairs
# the current pods of each workload run and pin.
workload_images(inp) := {wkey: {"running": running, "pinned": pinned} |
	some wkey, w in object.get(inp, "workloads", {})
	pods := [p | some ps in object.get(w, "pods", []); ps.current; p := inp.objects.Pod[w.ref.namespace][ps.name]]
	running := sort({[s.name, image_digest(s.imageID)] |
		some p in pods
		some s in object.get(p, ["status", "containerStatuses"], [])
		object.get(s, "imageID", "") != ""
	})
	pinned := sort({[c.name, image_digest(c.image)] |
		some p in pods
		some c in object.get(p, ["spec", "containers"], [])
		contains(c.image, "@sha256:")
	})
	count(running) + count(pinned) > 0
}

image_digest(id) := d if {
	parts := split(id, "@")
	d := parts[count(parts) - 1]
}

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
