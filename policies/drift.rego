# METADATA
# title: Live drift from the rendered spec
# description: >-
#   A declared field of an applied object differs from the rendered
#   manifest, or the live object keeps a field Git removed, and no apply
#   explains it: the reconcilers' own records (the workload's apply state)
#   say nothing is being applied, failed or held, and the field is not one a
#   controller owns by design (spec.replicas under an
#   HorizontalPodAutoscaler). Someone or something changed the live object.
#   When the reconciler will not re-apply by itself, the repair names the
#   setting that lets the change stay. The workload's pods inherit the
#   drifted spec, so drift explains their failures.
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
		"summary": summary(d),
		"supporting": array.concat(
			[{"object": d.object, "path": d.path, "message": sprintf("rendered %s, live %s", [expected(d), json.marshal(d.observed)])}],
			apply_evidence(w),
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get %s %s -n %s --show-managed-fields -o yaml", [lower(d.object.kind), d.object.name, d.object.namespace]),
		"repair": lib.repair(
			"controller-action",
			sprintf("let the GitOps controller re-apply %s from Git (reconcile with force if the field is immutable) and stop the out-of-band writer%s%s", [lib.key(d.object), manager(d), holds(w)]),
			["the live value is not an intended emergency change that Git should adopt instead", "for a StatefulSet, reapplying does not replace unready pods: check rollout-blocked"],
			["the field drifts again after reconcile (a controller or webhook owns it)"],
			"re-apply the previous live value from the bundle if the Git value breaks the workload",
			[lib.accept("applied", sprintf("%s equals the rendered value", [d.path])), lib.accept("runtime", "pods run the rendered spec")],
		),
		"explains": (union({lib.pod_explains({"apiVersion": "v1", "kind": "Pod", "namespace": w.ref.namespace, "name": p.name}) | some p in object.get(input.workloads[wkey], "pods", [])}) | replicas_explain(w, d)),
	}
}

# replicas_explain: a workload whose replicas drifted (to zero) leaves the
# Services that select its template without endpoints.
replicas_explain(w, d) := lib.template_explains(w.ref) if d.path == "spec.replicas"

else := set()

# apply_explains: the difference is a revision not applied yet, as the
# reconcilers' records say (the workload's apply state, decided once in the
# layers): an apply under way or pending, a failed one (apply-rejected and
# the source rules own it), or one held by a suspend or a manual sync policy
# (reconcile-suspended). OutOfSync alone is not an apply in flight.
apply_explains(w) if w.apply.state in {"applying", "failed", "held"}

# Without apply records (no reconciler in the bundle, or records that do not
# say), the GitOps layer's status stands in.
apply_explains(w) if {
	not apply_known(w)
	some l in w.layers
	l.name == "gitops"
	l.status in {"progressing", "failed"}
}

apply_known(w) if w.apply.state != "unknown"

summary(d) := sprintf("%s: Git no longer declares %s, the live object still has %s%s", [lib.key(d.object), d.path, json.marshal(d.observed), manager(d)]) if d.removed

else := sprintf("%s: live %s is %s, the rendered manifest says %s%s", [lib.key(d.object), d.path, json.marshal(d.observed), json.marshal(d.expected), manager(d)])

expected(d) := "absent" if d.removed

else := json.marshal(d.expected)

apply_evidence(w) := [{"object": w.apply.by, "message": w.apply.reason}] if w.apply.reason

else := []

# holds names the setting that keeps the reconciler from re-applying, so the
# live value stays until someone changes it or syncs by hand.
holds(w) := sprintf("; %s (%s) lets the live value stay: change it, or apply by hand, so the Git value returns", [w.apply.setting, lib.key(w.apply.by)]) if {
	w.apply.state == "idle"
	w.apply.setting
}

else := ""

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
