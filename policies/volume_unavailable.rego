# METADATA
# title: Volume unavailable
# description: >-
#   A PersistentVolumeClaim stays Pending (no volume bound), or a pod's
#   volume cannot be attached or mounted. An unbound claim explains the
#   FailedScheduling of the pods that use it. A ReadWriteOnce volume that
#   an older pod of the same Deployment holds (Multi-Attach) is a rolling
#   update that cannot finish: the repair is the Deployment's strategy.
# custom:
#   id: volume-unavailable
#   cause: volume-unavailable
#   layer: dependencies
#   stage: scheduled
#   weight: 65
package rift.rules.volume_unavailable

import data.rift.lib

hypothesis contains h if {
	some ns, name
	pvc := input.objects.PersistentVolumeClaim[ns][name]
	pvc.status.phase == "Pending"
	pods := [p | some r in lib.referrers(lib.ref(pvc), "Pod"); p := lib.pod(r.namespace, r.name)]
	h := {
		"subject": lib.ref(pvc),
		"summary": claim_summary(pvc),
		"supporting": array.concat(
			[lib.field(pvc, "status.phase", "Pending: no PersistentVolume bound")],
			[lib.event(pvc, e) | some e in lib.events(pvc); e.type == "Warning"],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe pvc %s -n %s", [name, ns]),
		"repair": claim_repair(pvc),
		"explains": ({lib.explain("unschedulable", lib.subject_of(p)) | some p in pods} | {lib.explain("volume-unavailable", lib.ref(p)) | some p in pods}),
	}
}

hypothesis contains h if {
	some pod in lib.event_pods({"FailedMount", "FailedAttachVolume"})
	fails := [e |
		some e in lib.events(pod)
		e.reason in {"FailedMount", "FailedAttachVolume"}
		not regex.match(`(secret|configmap)s? "[^"]+" not found|references non-existent (config|secret) key`, e.message) # config-missing's
	]
	count(fails) > 0
	h := {
		"subject": lib.ref(pod),
		"summary": pod_summary(pod, fails),
		"supporting": [lib.event(pod, e) | some e in fails],
		"contradicting": [],
		"nextCheck": lib.events_check(lib.ref(pod)),
		"repair": pod_repair(pod, fails),
		"explains": lib.serving_explains(pod),
	}
}

# held_by are the pods the attach/detach controller says hold a
# ReadWriteOnce volume the pod needs ("Multi-Attach error for volume "pvc-1"
# Volume is already used by pod(s) web-7d-a, web-7d-b").
held_by(fails) := {trim_space(n) |
	some e in fails
	some m in regex.find_all_string_submatch_n(`Multi-Attach error for volume .* Volume is already used by pod\(s\) (.+)$`, e.message, 1)
	some n in split(m[1], ",")
}

# rollout_deadlock: the holders are older pods of the pod's own Deployment.
# A rolling update starts the new pod before it stops an old one, and the
# volume can be attached to one node at a time: the new pod waits for the
# old one, which the rollout keeps until the new one is Ready.
rollout_deadlock(pod, fails) := d if {
	d := deployment_of(pod)
	some holder in held_by(fails)
	deployment_of(lib.pod(pod.metadata.namespace, holder)) == d
	lib.owner(lib.pod(pod.metadata.namespace, holder)) != lib.owner(pod)
}

deployment_of(pod) := d if {
	rs := lib.owner(pod)
	rs.kind == "ReplicaSet"
	d := lib.owner(input.objects.ReplicaSet[rs.namespace][rs.name])
	d.kind == "Deployment"
}

pod_summary(pod, fails) := sprintf("pod %s of Deployment %s cannot attach its ReadWriteOnce volume: the Deployment's older pod %s still holds it on another node, and a rolling update keeps the old pod until the new one is Ready", [pod.metadata.name, d.name, concat(", ", sort(held_by(fails)))]) if {
	d := rollout_deadlock(pod, fails)
} else := sprintf("volumes of pod %s cannot be attached or mounted: %s", [pod.metadata.name, fails[count(fails) - 1].message])

pod_repair(pod, fails) := lib.repair(
	"repository",
	sprintf("in Git, give Deployment %s the strategy Recreate (or rollingUpdate maxSurge 0, maxUnavailable 1) so the old pod releases the volume first, or move the workload to a StatefulSet or to storage that allows ReadWriteMany", [d.name]),
	["a short gap while the old pod stops and the new one starts is acceptable"],
	["the new pod still cannot attach after the old one is gone"],
	"revert the commit",
	[lib.accept("dependencies", "the volume is attached to the new pod's node"), lib.accept("runtime", "the new pod is Ready and the old one is gone")],
) if {
	d := rollout_deadlock(pod, fails)
} else := repair

# class_missing: the PV controller reports the claim's StorageClass does
# not exist (ProvisioningFailed `storageclass.storage.k8s.io "X" not
# found`): nothing binds the claim until Git or the cluster changes.
class_missing(pvc) if {
	class := pvc.spec.storageClassName
	some e in lib.events(pvc)
	e.reason == "ProvisioningFailed"
	contains(e.message, sprintf("storageclass.storage.k8s.io %q not found", [class]))
}

claim_summary(pvc) := sprintf("PersistentVolumeClaim %s is not bound: its StorageClass %s does not exist", [pvc.metadata.name, pvc.spec.storageClassName]) if class_missing(pvc)

else := sprintf("PersistentVolumeClaim %s is not bound (storage class %v)", [pvc.metadata.name, object.get(pvc.spec, "storageClassName", "default")])

claim_repair(pvc) := lib.repair(
	"repository",
	sprintf("set storageClassName of claim %s in Git to a StorageClass the cluster has (or add StorageClass %s to the cluster's configuration); a claim's class cannot change in place, so the Pending claim is deleted and the reconciler recreates it", [pvc.metadata.name, pvc.spec.storageClassName]),
	["the claim is still Pending and holds no data", "the chosen class offers the claim's access mode and size"],
	["the recreated claim stays Pending"],
	"revert the commit",
	[lib.accept("dependencies", "the claim is Bound"), lib.accept("runtime", "pods mount the volume and become Ready")],
) if class_missing(pvc)

else := repair

repair := lib.repair(
	"external-dependency",
	"make storage available: the StorageClass provisioner, the volume's zone and attachment, or the hostPath on the node",
	["data on existing volumes is backed up before any claim or volume is recreated", "the claim's storage class and access mode match what the provisioner offers"],
	["the claim stays Pending", "the same mount error repeats"],
	"no rollback needed for a read of storage state; restore the previous claim spec from Git if it was changed",
	[lib.accept("dependencies", "the claim is Bound"), lib.accept("runtime", "pods mount the volume and become Ready")],
)
