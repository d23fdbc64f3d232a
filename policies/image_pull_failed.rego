# METADATA
# title: Image pull failed
# description: >-
#   The kubelet cannot pull a container image (ErrImagePull,
#   ImagePullBackOff, InvalidImageName): a wrong tag (repository), missing
#   credentials, an untrusted, throttling (429) or unreachable registry
#   (external-dependency).
# custom:
#   id: image-pull-failed
#   cause: image-pull-failed
#   layer: runtime
#   stage: pulled
#   weight: 55
package rift.rules.image_pull_failed

import data.rift.lib

reasons := {"ErrImagePull", "ImagePullBackOff", "InvalidImageName", "ErrImageNeverPull"}

hypothesis contains h if {
	some pod in lib.pods_with_reason(reasons)
	some s in lib.waiting(pod, reasons)
	pulls := [e | some e in lib.events(pod); e.reason == "Failed"; contains(e.message, "pull")]
	msg := concat(" ", [object.get(s.state.waiting, "message", ""), concat(" ", [e.message | some e in pulls])])
	h := {
		"subject": lib.ref(pod),
		"summary": sprintf("image %s of container %s cannot be pulled (%s%s)", [s.image, s.name, s.state.waiting.reason, registry_says(msg)]),
		"supporting": array.concat(
			[lib.field(pod, concat("", [lib.status_path(pod, s), ".state.waiting"]), sprintf("%s: %s", [s.state.waiting.reason, object.get(s.state.waiting, "message", "")]))],
			[lib.event(pod, e) | some e in pulls],
		),
		"contradicting": [],
		"nextCheck": lib.events_check(lib.ref(pod)),
		"repair": repair(msg, s.image),
		"explains": lib.serving_explains(pod),
	}
}

credential_words := ["unauthorized", "denied", "x509", "authentication", "forbidden", "certificate"]

# throttled: the registry refuses pulls over a quota (Docker Hub's
# anonymous limit is per source address, so one NAT address throttles the
# whole cluster). The reference is fine and pulls resume when the window
# passes or pulls authenticate.
throttled(msg) if regex.match(`(?i)429 too many requests|toomanyrequests|pull rate limit|rate limit exceeded`, msg)

# unreachable: the node never got an answer about the image (network,
# proxy or registry outage, a registry server error). A name that does not
# resolve is not here: a mistyped registry host in Git reads the same.
unreachable(msg) if regex.match(`(?i)i/o timeout|connect: connection refused|no route to host|tls handshake timeout|context deadline exceeded|connection reset by peer|server misbehaving|50[0234] [a-z ]*(error|gateway|unavailable)|unexpected status code [^:]*: 50[0234]`, msg)

# registry_says names, in the summary, a failure that is the registry's
# or the network's rather than the reference's.
registry_says(msg) := ": the registry throttles pulls, 429 Too Many Requests" if {
	throttled(msg)
} else := ": the registry did not answer" if {
	unreachable(msg)
} else := ""

repair(msg, image) := lib.repair(
	"external-dependency",
	sprintf("fix registry access for %s: pull secret, registry credentials or CA trust; the reference in Git is not the problem", [image]),
	["the image exists in the registry at this reference"],
	["pulls still fail with the same error after the credential change"],
	"restore the previous credential or CA configuration",
	[lib.accept("runtime", "the container leaves Waiting; the Pulled event appears")],
) if {
	some w in credential_words
	contains(lower(msg), w)
} else := lib.repair(
	"external-dependency",
	sprintf("the registry throttles pulls of %s (429 Too Many Requests): authenticate the pulls (an imagePullSecret with an account whose quota covers the cluster) or pull through a mirror or cache; the reference in Git is not the problem", [image]),
	["the image exists in the registry at this reference", "other pulls from the same registry are checked: a limit per source address throttles every node behind one NAT address"],
	["pulls still fail with 429 after authenticating: the account's own limit is reached"],
	"none: nothing in the workload changes",
	[lib.accept("runtime", "the container leaves Waiting; the Pulled event appears")],
) if {
	throttled(msg)
} else := lib.repair(
	"external-dependency",
	sprintf("restore the path from the nodes to the registry of %s (registry outage, proxy, firewall or egress policy); the reference in Git is not the problem", [image]),
	["the registry's status and the nodes' egress are checked; another image from the same registry pulling on the same node rules out the network"],
	["the error turns into not found or unauthorized: the registry answers, and the reference or the credentials are wrong"],
	"none: nothing in the workload changes",
	[lib.accept("runtime", "the container leaves Waiting; the Pulled event appears")],
) if {
	unreachable(msg)
} else := lib.repair(
	"repository",
	sprintf("correct the image reference %s in Git to a tag or digest that exists", [image]),
	["the intended tag or digest exists in the registry"],
	["the new reference also fails to pull"],
	"revert the commit",
	[
		lib.accept("controller", "the template carries the corrected image"),
		lib.accept("runtime", "the container leaves Waiting; the Pulled event appears"),
	],
)
