# METADATA
# title: Pod creation denied
# description: >-
#   The API server refuses the controller's pods: an admission webhook,
#   Pod Security admission or RBAC denies them (FailedCreate "denied",
#   "forbidden", "violates PodSecurity"). Quota denials are quota-exceeded;
#   a webhook the API server could not call is webhook-unavailable.
# custom:
#   id: pod-create-denied
#   cause: pod-create-denied
#   layer: controller
#   stage: actedOn
#   weight: 70
package rift.rules.pod_create_denied

import data.rift.lib

hypothesis contains h if {
	some e in object.get(input.events_by_reason, "FailedCreate", [])
	not contains(e.message, "exceeded quota")
	regex.match(`denied|forbidden|violates PodSecurity|admission webhook`, e.message)
	not lib.webhook_call(e.message) # a webhook that could not be called judged nothing: webhook-unavailable
	subject := object.remove(e.object, {"uid", "fieldPath"})
	h := {
		"subject": subject,
		"summary": sprintf("%s cannot create pods: %s", [lib.key(subject), e.message]),
		"supporting": [{"object": subject, "event": e.reason, "time": lib.first_time(e), "message": e.message}],
		"contradicting": [],
		"nextCheck": lib.events_check(subject),
		"repair": lib.repair(
			"repository",
			"change the pod template in Git to satisfy the admission policy (security context, labels, images), or have the policy's owner grant an exception",
			["the denying policy and its rule are identified from the message"],
			["FailedCreate continues with a different policy"],
			"revert the commit",
			[lib.accept("controller", "pods are created"), lib.accept("runtime", "pods are Ready")],
		),
		"explains": lib.template_explains(subject),
	}
}
