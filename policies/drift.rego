# METADATA
# title: Live drift from the rendered spec
# description: >-
#   A declared field of an applied object differs from the rendered
#   manifest, and no apply explains it: the GitOps layer is neither
#   progressing (in flight) nor failed (a rejected apply is apply-rejected),
#   and the field is not one a controller owns by design (spec.replicas
#   under an HorizontalPodAutoscaler). Someone or something changed the
#   live object. The workload's pods inherit the drifted spec, so drift
#   explains their failures.
# custom:
#   id: drift
#   cause: drift
#   layer: applied
#   stage: accepted
#   weight: 70
package rift.rules.drift

import data.rift.lib

hypothesis contains h if {
	some wkey, w in input.workloads
	some d in w.divergences
	d.between[0] in {"desired", "rendered"}
	d.between[1] == "applied"
	not apply_explains(w)
	not controller_owned(w, d)
	h := {
		"subject": d.object,
		"summary": sprintf("%s: live %s is %s, the rendered manifest says %s%s", [lib.key(d.object), d.path, json.marshal(d.observed), json.marshal(d.expected), manager(d)]),
		"supporting": [{"object": d.object, "path": d.path, "message": sprintf("rendered %s, live %s", [json.marshal(d.expected), json.marshal(d.observed)])}],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get %s %s -n %s --show-managed-fields -o yaml", [lower(d.object.kind), d.object.name, d.object.namespace]),
		"repair": lib.repair(
			"controller-action",
			sprintf("let the GitOps controller re-apply %s from Git (reconcile with force if the field is immutable) and stop the out-of-band writer%s", [lib.key(d.object), manager(d)]),
			["the live value is not an intended emergency change that Git should adopt instead", "for a StatefulSet, reapplying does not replace unready pods: check rollout-blocked"],
			["the field drifts again after reconcile (a controller or webhook owns it)"],
			"re-apply the previous live value from the bundle if the Git value breaks the workload",
			[lib.accept("applied", sprintf("%s equals the rendered value", [d.path])), lib.accept("runtime", "pods run the rendered spec")],
		),
		"explains": union({lib.pod_explains({"apiVersion": "v1", "kind": "Pod", "namespace": w.ref.namespace, "name": p.name}) | some p in object.get(input.workloads[wkey], "pods", [])}),
	}
}

# apply_explains: an apply in flight, or one that failed, explains why the
# live object is not the rendered one.
apply_explains(w) if {
	some l in w.layers
	l.name == "gitops"
	l.status in {"progressing", "failed"}
	not suspended_at_latest(w)
}

# suspended_at_latest: the GitOps layer is not converged only because its
# reconcilers are suspended after applying the revision the source holds. A
# suspended reconciler applies nothing, so nothing is in flight or rejected:
# the live object should equal the rendered one, and a difference is drift
# that the suspension keeps from being corrected.
suspended_at_latest(w) if {
	count(object.get(w, "owners", [])) > 0
	every o in w.owners {
		r := input.objects[o.kind][o.namespace][o.name]
		r.spec.suspend == true
		src := input.objects[r.spec.sourceRef.kind][object.get(r.spec.sourceRef, "namespace", o.namespace)][r.spec.sourceRef.name]
		lib.same_revision(r.status.lastAppliedRevision, src.status.artifact.revision)
	}
}

# controller_owned: replicas scaled by an HorizontalPodAutoscaler (through
# kube-controller-manager) are an intended controller mutation, not drift.
controller_owned(_, d) if {
	d.path == "spec.replicas"
	d.owner in {"kube-controller-manager", "horizontal-pod-autoscaler"}
}

controller_owned(w, d) if {
	d.path == "spec.replicas"
	some hpa in object.get(input.objects, ["HorizontalPodAutoscaler", w.ref.namespace], {})
	hpa.spec.scaleTargetRef.kind == w.ref.kind
	hpa.spec.scaleTargetRef.name == w.ref.name
}

manager(d) := sprintf(" (field manager %s)", [d.owner]) if d.owner != ""

else := ""
