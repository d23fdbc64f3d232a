# METADATA
# title: Image pull failed
# description: >-
#   The kubelet cannot pull a container image (ErrImagePull,
#   ImagePullBackOff, InvalidImageName): a wrong tag, missing credentials or
#   an unreachable or untrusted registry.
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
		"summary": sprintf("image %s of container %s cannot be pulled (%s)", [s.image, s.name, s.state.waiting.reason]),
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
}

else := lib.repair(
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
