# METADATA
# title: Custom resource failed
# description: >-
#   A custom resource that a GitOps reconciler applies (an Argo Rollout, a
#   Crossplane claim, a Strimzi Kafka, ...) is judged failed by the health
#   rule of its group and kind: its own controller reports the failure
#   (an aborted rollout, a failed analysis, a rejected provider call).
#   The layers already name the rule and the fields it read; this puts
#   the failure in the ledger with its owner's repair. Core workloads and
#   the GitOps objects have causes of their own.
# custom:
#   id: custom-resource-failed
#   cause: custom-resource-failed
#   layer: controller
#   stage: actedOn
#   weight: 60
package rift.rules.custom_resource_failed

import data.rift.lib

hypothesis contains h if {
	some w in input.workloads
	w.convergence == "failed"
	custom(w.ref)
	subject := object.union({"apiVersion": "", "namespace": ""}, w.ref)
	h := {
		"subject": subject,
		"summary": sprintf("%s %s failed: %s", [w.ref.kind, w.ref.name, w.convergenceReason]),
		"supporting": [{"object": subject, "path": "status", "message": sprintf("its controller reports a failure: %s", [w.convergenceReason])}],
		"contradicting": [],
		"nextCheck": describe(subject),
		"repair": lib.repair(
			"repository",
			sprintf("fix what %s's controller reports (%s), in Git where the cause is declared, then let the reconciler apply it", [lib.key(subject), w.convergenceReason]),
			["the controller's status and events name the failure"],
			["the same failure comes back after the fix is applied"],
			"revert the change in Git; the reconciler applies the previous spec",
			[lib.accept("controller", sprintf("%s converges", [lib.key(subject)]))],
		),
		"explains": set(),
	}
}

# custom holds for an API group of a custom resource: dotted, not a
# Kubernetes API group, not Flux's or Argo CD's own objects.
custom(ref) if {
	parts := split(ref.apiVersion, "/")
	count(parts) == 2
	group := parts[0]
	contains(group, ".")
	not endswith(group, ".k8s.io")
	not endswith(group, ".toolkit.fluxcd.io")
	not argo_application(group, ref.kind)
}

argo_application(group, kind) if {
	group == "argoproj.io"
	kind == "Application"
}

describe(r) := sprintf("kubectl describe %s %s -n %s", [lower(r.kind), r.name, r.namespace]) if r.namespace != ""

else := sprintf("kubectl describe %s %s", [lower(r.kind), r.name])
