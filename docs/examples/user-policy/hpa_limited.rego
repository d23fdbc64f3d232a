# METADATA
# title: Autoscaler at its limit
# description: >-
#   A HorizontalPodAutoscaler reports ScalingLimited=True TooManyReplicas:
#   it wants more replicas than maxReplicas allows, so the workload runs
#   short of what its load asks. An example user rule with its own cause
#   id, reusing rift's helpers.
# custom:
#   id: example-hpa-limited
#   cause: hpa-limited
#   layer: controller
#   stage: ready
#   weight: 30
package rift.rules.example_hpa_limited

import data.rift.lib

hypothesis contains h if {
	some ns, name
	hpa := input.objects.HorizontalPodAutoscaler[ns][name]
	c := lib.condition(hpa, "ScalingLimited")
	c.status == "True"
	c.reason == "TooManyReplicas"
	h := {
		"subject": lib.ref(hpa),
		"summary": sprintf("HorizontalPodAutoscaler %s is capped at maxReplicas %v: %s", [name, hpa.spec.maxReplicas, object.get(c, "message", c.reason)]),
		"supporting": [lib.condition_evidence(hpa, c)],
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe hpa %s -n %s", [name, ns]),
		"repair": lib.repair(
			"repository",
			"raise maxReplicas in Git, or make each replica handle more load",
			["the cluster has room for more replicas (quota, nodes)"],
			["the autoscaler is capped again at the new maximum"],
			"revert the commit",
			[lib.accept("controller", sprintf("HorizontalPodAutoscaler %s reports ScalingLimited=False", [name]))],
		),
		"explains": set(),
	}
}
