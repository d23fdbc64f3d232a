# METADATA
# title: Image built for another platform
# description: >-
#   A container cannot run its entrypoint on its node ("exec format
#   error", in its log or its last termination): the image, or the variant
#   its tag resolves to, was built for another CPU architecture than the
#   node's (kubernetes.io/arch). It crash-loops although the reference
#   exists and pulls. The repair is where the image is built (a
#   multi-architecture manifest) or where the pods are placed, never a
#   restart. It explains the pods' crash loop and their Services.
# custom:
#   id: image-platform-mismatch
#   cause: image-platform-mismatch
#   layer: runtime
#   stage: started
#   weight: 62
package rift.rules.image_platform_mismatch

import data.rift.lib

exec_format := `(?i)exec format error`

# mismatched are the failing containers that cannot exec: [owner key, pod,
# container status, evidence].
mismatched contains [lib.key(lib.subject_of(pod)), pod, s, ev] if {
	some pod in lib.pods_with_reason({"CrashLoopBackOff", "RunContainerError", "StartError", "Error"})
	some s in lib.statuses(pod)
	not s.ready
	some ev in exec_errors(pod, s)
}

exec_errors(pod, s) := array.concat(
	[lib.field_at(pod, concat("", [lib.status_path(pod, s), ".lastState.terminated"]), t.message, object.get(t, "finishedAt", "")) |
		t := s.lastState.terminated
		regex.match(exec_format, object.get(t, "message", ""))
	],
	[{"object": lib.ref(pod), "file": l.file, "message": line} |
		some l in object.get(input.logs, lib.pod_key(pod), [])
		l.container == s.name
		some line in l.lines
		regex.match(exec_format, line)
	],
)

hypothesis contains h if {
	some key in {k | some [k, _, _, _] in mismatched}
	held := [[p, s, ev] | some [k, p, s, ev] in mismatched; k == key]
	pod := held[0][0]
	s := held[0][1]
	archs := sort({arch(p) | some [p, _, _] in held})
	pods := sort({p.metadata.name | some [p, _, _] in held})
	h := {
		"subject": lib.subject_of(pod),
		"summary": sprintf("image %s cannot run on its nodes' architecture (%s): its entrypoint fails with `exec format error` in %s", [
			s.image, concat(", ", archs), lib.count_of(count(pods), "pod"),
		]),
		"supporting": array.concat([ev | some [_, _, ev] in held], node_evidence(held)),
		"contradicting": [],
		"nextCheck": sprintf("kubectl logs %s -n %s -c %s --previous --tail=20", [pod.metadata.name, pod.metadata.namespace, s.name]),
		"repair": lib.repair(
			"repository",
			sprintf("publish %s for linux/%s (a multi-architecture image: the build's platform list), or keep these pods on nodes of the architecture it was built for (nodeSelector kubernetes.io/arch) in Git", [s.image, concat(", linux/", archs)]),
			["the image's manifest is checked for the nodes' platform (docker buildx imagetools inspect, crane manifest)"],
			["the new image fails the same way: the entrypoint itself (a script's interpreter) is for another platform"],
			"revert the commit: the previous image runs on these nodes",
			[lib.accept("runtime", "the new pods start and stay Running with no restarts")],
		),
		"explains": (union({lib.pod_explains(lib.ref(p)) | some [p, _, _] in held}) | union({lib.serving_explains(p) | some [p, _, _] in held})),
	}
}

arch(pod) := a if {
	a := input.objects.Node[""][pod.spec.nodeName].metadata.labels["kubernetes.io/arch"]
} else := "unknown"

node_evidence(held) := [e | some e in {lib.field(n, "metadata.labels", sprintf("node %s is kubernetes.io/arch=%s", [p.spec.nodeName, arch(p)])) |
	some [p, _, _] in held
	n := input.objects.Node[""][p.spec.nodeName]
}]
