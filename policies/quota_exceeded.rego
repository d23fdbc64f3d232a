# METADATA
# title: Resource quota exceeded
# description: >-
#   The controller cannot create pods because a ResourceQuota would be
#   exceeded (FailedCreate "exceeded quota").
# custom:
#   id: quota-exceeded
#   cause: quota-exceeded
#   layer: controller
#   stage: actedOn
#   weight: 70
package rift.rules.quota_exceeded

import data.rift.lib

hypothesis contains h if {
	some e in object.get(input.events_by_reason, "FailedCreate", [])
	contains(e.message, "exceeded quota")
	subject := object.remove(e.object, {"uid", "fieldPath"})
	h := {
		"subject": subject,
		"summary": sprintf("%s cannot create pods: %s", [lib.key(subject), e.message]),
		"supporting": [{"object": subject, "event": e.reason, "time": lib.first_time(e), "message": e.message}],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get resourcequota -n %s -o yaml", [subject.namespace]),
		"repair": lib.repair(
			"repository",
			sprintf("raise the ResourceQuota in %s through Git, or lower the workload's requests", [subject.namespace]),
			["the quota's owner agrees to the new limit"],
			["FailedCreate continues"],
			"revert the quota change",
			[lib.accept("controller", "the controller creates the missing pods"), lib.accept("runtime", "pods are Ready")],
		),
		"explains": lib.template_explains(subject),
	}
}
