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

# current_pods maps each workload to its current pods, built once per
# evaluation for both hypotheses.
current_pods := {wkey: current(w) | some wkey, w in input.workloads}

# pairs are the distinct [container, digest] pairs the pods run. A
# workload has a mismatch only if it has more pairs than containers, so
# this one pass spares the per-container work for all the others.
pairs(pods) := {[s.name, digest(s.imageID)] |
	some p in pods
	some s in object.get(p, ["status", "containerStatuses"], [])
	object.get(s, "imageID", "") != ""
}

hypothesis contains h if {
	some wkey, pods in current_pods
	ps := pairs(pods)
	count(ps) > count({c | some [c, _] in ps})
	w := input.workloads[wkey]
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
	some wkey, pods in current_pods
	w := input.workloads[wkey]
	some p in pods
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
