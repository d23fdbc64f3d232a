# METADATA
# title: Live drift from the rendered spec
# description: >-
#   A declared field of an applied object differs from the rendered
#   manifest, and no apply is in flight to explain it (the GitOps layer is
#   not progressing). Someone or something changed the live object, or the
#   controller never applied it. The workload's pods inherit the drifted
#   spec, so drift explains their failures.
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
	not in_flight(w)
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

in_flight(w) if {
	some l in w.layers
	l.name == "gitops"
	l.status == "progressing"
}

manager(d) := sprintf(" (field manager %s)", [d.owner]) if d.owner != ""

else := ""
