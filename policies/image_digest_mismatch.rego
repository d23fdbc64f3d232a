# METADATA
# title: Image digest mismatch
# description: >-
#   Pods of one workload run different image digests for the same
#   container, or a digest other than the one the template pins: a mutable
#   tag moved, or the promoted artifact is not what runs.
# custom:
#   id: image-digest-mismatch
#   cause: image-digest-mismatch
#   layer: runtime
#   stage: pulled
#   weight: 40
package rift.rules.image_digest_mismatch

import data.rift.lib

# current are the pods of a workload that run its current template.
current(w) := [p |
	some ps in object.get(w, "pods", [])
	ps.current
	p := lib.pod(w.ref.namespace, ps.name)
]

digest(id) := d if {
	parts := split(id, "@")
	d := parts[count(parts) - 1]
}

running(pods, container) := [[p, digest(s.imageID)] |
	some p in pods
	some s in object.get(p, ["status", "containerStatuses"], [])
	s.name == container
	object.get(s, "imageID", "") != ""
]

# pairs are the distinct [container, digest] pairs the pods run.
pairs(pods) := {[s.name, digest(s.imageID)] |
	some p in pods
	some s in object.get(p, ["status", "containerStatuses"], [])
	object.get(s, "imageID", "") != ""
}

# mixed are the workloads whose current pods may run two digests for one
# container: input.workload_images (built in Go) lists every [container,
# digest] pair the current pods report, so only these need the pods.
mixed contains wkey if {
	some wkey, img in input.workload_images
	count(img.running) > count({c | some [c, _] in img.running})
}

# repinned are the workloads whose current pods may run a digest other
# than one their template pins for the same container.
repinned contains wkey if {
	some wkey, img in input.workload_images
	some [c, pin] in img.pinned
	some [rc, ran] in img.running
	rc == c
	pin != ran
}

hypothesis contains h if {
	some wkey in mixed
	w := input.workloads[wkey]
	pods := current(w)
	ps := pairs(pods)
	count(ps) > count({c | some [c, _] in ps})
	some container in {s.name | some p in pods; some s in object.get(p, ["status", "containerStatuses"], [])}
	run := running(pods, container)
	digests := {d | some [_, d] in run}
	count(digests) > 1
	h := {
		"subject": w.ref,
		"summary": sprintf("pods of %s run %d different digests for container %s", [wkey, count(digests), container]),
		"supporting": [lib.field(p, sprintf("status.containerStatuses[name=%s].imageID", [container]), sprintf("pod %s runs %s", [p.metadata.name, d])) |
			some [p, d] in run
		],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get pods -n %s -o custom-columns=NAME:.metadata.name,IMAGE:.status.containerStatuses[*].imageID", [w.ref.namespace]),
		"repair": repair(container),
		"explains": set(),
	}
}

hypothesis contains h if {
	some wkey in repinned
	w := input.workloads[wkey]
	some p in current(w)
	some c in p.spec.containers
	contains(c.image, "@sha256:")
	pinned := digest(c.image)
	some [_, d] in running([p], c.name)
	pinned != d
	h := {
		"subject": w.ref,
		"summary": sprintf("pod %s runs %s but the template pins %s", [p.metadata.name, d, pinned]),
		"supporting": [lib.field(p, sprintf("status.containerStatuses[name=%s].imageID", [c.name]), sprintf("running %s, pinned %s", [d, pinned]))],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get pod %s -n %s -o jsonpath={.status.containerStatuses[*].imageID}", [p.metadata.name, p.metadata.namespace]),
		"repair": repair(c.name),
		"explains": set(),
	}
}

repair(container) := lib.repair(
	"repository",
	sprintf("pin container %s to the promoted digest in Git so every pod runs the same artifact", [container]),
	["the promoted digest is known from the release record"],
	["pods still report different imageIDs after the rollout"],
	"revert the pin",
	[lib.accept("runtime", "all pods report the promoted imageID")],
)
