# METADATA
# title: Configuration missing
# description: >-
#   A pod cannot start because a Secret or ConfigMap (or a key in one) it
#   references does not exist (CreateContainerConfigError, FailedMount
#   "not found"), or cannot pull its image while the kubelet cannot read
#   an image pull Secret it names (FailedToRetrieveImagePullSecret). The
#   missing object itself is a hypothesis too, and it explains the pods
#   that wait for it (their image-pull-failed too).
# custom:
#   id: config-missing
#   cause: config-missing
#   layer: dependencies
#   stage: started
#   weight: 55
package rift.rules.config_missing

import data.rift.lib

# missing holds [pod, kind, name, message, key] for each missing reference;
# key is "" when the object itself is missing.
missing contains [pod, kind_of[m[1]], m[2], ev, ""] if {
	some pod in failing_pods
	some [msg, ev] in messages(pod)
	some m in regex.find_all_string_submatch_n(`(secret|configmap|configmaps|secrets) "([^"]+)" not found`, msg, -1)
}

# The kubelet's error for a key that the referenced object lacks
# (makeEnvironmentVariables): "couldn't find key K in ConfigMap ns/name".
# The object exists, so only the pod's hypothesis follows from it.
missing contains [pod, m[2], m[3], ev, m[1]] if {
	some pod in failing_pods
	some [msg, ev] in messages(pod)
	some m in regex.find_all_string_submatch_n(`couldn't find key (\S+) in (ConfigMap|Secret) [^/\s]+/([^\s"]+)`, msg, -1)
}

# The kubelet's error for a key a ConfigMap or Secret volume's items name
# and the object lacks (MountVolume.SetUp: "configmap references
# non-existent config key: K", "references non-existent secret key: K"):
# the message names the volume, the pod's spec names the object.
missing contains [pod, kind, name, ev, m[2]] if {
	some pod in failing_pods
	some [msg, ev] in messages(pod)
	some m in regex.find_all_string_submatch_n(`for volume "([^"]+)" : (?:configmap )?references non-existent (?:config|secret) key: (\S+)`, msg, -1)
	some v in object.get(pod, ["spec", "volumes"], [])
	v.name == m[1]
	[kind, name] := volume_object(v)
}

volume_object(v) := ["ConfigMap", v.configMap.name] if v.configMap.name

else := ["Secret", v.secret.secretName] if v.secret.secretName

failing_pods := lib.pods_with_reason({"CreateContainerConfigError", "CreateContainerError"}) | lib.event_pods({"FailedMount", "Failed"})

# An image pull secret the kubelet could not read, for a pod whose pulls
# fail (the kubelet warns even when the image needs no credentials, so a
# pod that pulls fine proves nothing): its FailedToRetrieveImagePullSecret
# event, "Unable to retrieve some image pull secrets (a, b); attempting to
# pull the image may not succeed." (kubelet_pods.go getPullSecretsForPod).
missing contains [pod, "Secret", name, ev, ""] if {
	some [pod, name, ev] in pull_missing
}

pull_missing contains [pod, trim_space(name), lib.event(pod, e)] if {
	some pod in lib.pods_with_reason({"ErrImagePull", "ImagePullBackOff"})
	some e in lib.events(pod)
	e.reason == "FailedToRetrieveImagePullSecret"
	some m in regex.find_all_string_submatch_n(`image pull secrets \(([^)]*)\)`, e.message, 1)
	some name in split(m[1], ",")
	trim_space(name) != ""
}

what(kind, name, "") := sprintf("%s %s", [kind, name])

what(kind, name, key) := sprintf("key %s of %s %s", [key, kind, name]) if key != ""

kind_of := {"secret": "Secret", "secrets": "Secret", "configmap": "ConfigMap", "configmaps": "ConfigMap"}

# messages are [message, evidence] pairs: a container waiting now is the
# present state; an event is cited with its time, so that the engine can
# tell a mount that failed at install time from one that fails now.
messages(pod) := array.concat(
	[[s.state.waiting.message, lib.field(pod, concat("", [lib.status_path(pod, s), ".state.waiting"]), s.state.waiting.message)] |
		some s in lib.waiting(pod, {"CreateContainerConfigError", "CreateContainerError"})
	],
	[[e.message, lib.event(pod, e)] | some e in lib.events(pod); e.reason in {"FailedMount", "Failed"}],
)

# The pod that cannot start.
hypothesis contains h if {
	some [pod, kind, name, ev, key] in missing
	h := {
		"subject": lib.ref(pod),
		"summary": sprintf("pod %s cannot start: %s is missing", [pod.metadata.name, what(kind, name, key)]),
		"supporting": [ev],
		"contradicting": [],
		"nextCheck": lib.events_check(lib.ref(pod)),
		"repair": fix(pod.metadata.namespace, kind, name),
		"explains": lib.serving_explains(pod),
	}
}

# The missing object, which explains every pod waiting for it.
hypothesis contains h if {
	some [pod, kind, name, _, ""] in missing
	ns := pod.metadata.namespace
	not input.objects[kind][ns][name]
	subject := {"apiVersion": "v1", "kind": kind, "namespace": ns, "name": name}
	h := {
		"subject": subject,
		"status": status(pod, kind),
		"summary": sprintf("%s %s/%s is referenced by pods but does not exist", [kind, ns, name]),
		"supporting": [lib.field(pod, "spec", sprintf("pod %s references %s %s", [pod.metadata.name, kind, name]))],
		"contradicting": [lib.field(pod, "status", sprintf("pod %s that uses it is healthy at capture time, so it exists now", [pod.metadata.name])) | lib.healthy(pod)],
		"nextCheck": sprintf("kubectl get %s %s -n %s -o name", [lower(kind), name, ns]),
		"repair": fix(ns, kind, name),
		"explains": ({lib.explain("config-missing", lib.ref(pod))} | {lib.explain("image-pull-failed", lib.ref(p)) |
			some [p, n, _] in pull_missing
			n == name
			p.metadata.namespace == ns
		}),
	}
}

# A pod that uses the object runs, so it exists now. Absence is proof only
# when the kind was collected: rift's own bundles record what they could not
# read in notCollected; imported formats (must-gather, support bundles,
# plain directories) often leave Secrets out without saying so, so there an
# absent kind proves nothing.
status(pod, kind) := "contradicted" if lib.healthy(pod)

else := "open" if {
	some r in not_collected[kind]
	input.bundle.notCollectedResources[r]
}

else := "open" if {
	input.bundle.format != "rift.dev/v1alpha1"
	not input.objects[kind]
}

else := "supported"

not_collected := {"Secret": ["secrets"], "ConfigMap": ["configmaps"]}

fix(ns, kind, name) := lib.repair(
	"repository",
	sprintf("create %s %s/%s through its owner (Git, ExternalSecret or Certificate) or correct the reference in Git", [kind, ns, name]),
	["the object's producer (ExternalSecret, Certificate, sealed secret) is checked first: creating it by hand hides that failure"],
	["pods still report CreateContainerConfigError"],
	"revert the reference change",
	[lib.accept("dependencies", sprintf("%s %s/%s exists with the referenced keys", [kind, ns, name])), lib.accept("runtime", "pods start and become Ready")],
)
