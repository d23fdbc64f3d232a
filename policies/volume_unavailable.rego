# METADATA
# title: Volume unavailable
# description: >-
#   A PersistentVolumeClaim stays Pending (no volume bound), or a pod's
#   volume cannot be attached or mounted. An unbound claim explains the
#   FailedScheduling of the pods that use it.
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
		"summary": sprintf("PersistentVolumeClaim %s is not bound (storage class %v)", [name, object.get(pvc.spec, "storageClassName", "default")]),
		"supporting": array.concat(
			[lib.field(pvc, "status.phase", "Pending: no PersistentVolume bound")],
			[lib.event(pvc, e) | some e in lib.events(pvc); e.type == "Warning"],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe pvc %s -n %s", [name, ns]),
		"repair": repair,
		"explains": ({lib.explain("unschedulable", lib.subject_of(p)) | some p in pods} | {lib.explain("volume-unavailable", lib.ref(p)) | some p in pods}),
	}
}

hypothesis contains h if {
	some pod in lib.event_pods({"FailedMount", "FailedAttachVolume"})
	name := pod.metadata.name
	fails := [e |
		some e in lib.events(pod)
		e.reason in {"FailedMount", "FailedAttachVolume"}
		not regex.match(`(secret|configmap)s? "[^"]+" not found`, e.message)
	]
	count(fails) > 0
	h := {
		"subject": lib.ref(pod),
		"summary": sprintf("volumes of pod %s cannot be attached or mounted: %s", [name, fails[count(fails) - 1].message]),
		"supporting": [lib.event(pod, e) | some e in fails],
		"contradicting": [],
		"nextCheck": lib.events_check(lib.ref(pod)),
		"repair": repair,
		"explains": lib.service_explains(pod),
	}
}

repair := lib.repair(
	"external-dependency",
	"make storage available: the StorageClass provisioner, the volume's zone and attachment, or the hostPath on the node",
	["data on existing volumes is backed up before any claim or volume is recreated", "the claim's storage class and access mode match what the provisioner offers"],
	["the claim stays Pending", "the same mount error repeats"],
	"no rollback needed for a read of storage state; restore the previous claim spec from Git if it was changed",
	[lib.accept("dependencies", "the claim is Bound"), lib.accept("runtime", "pods mount the volume and become Ready")],
)
