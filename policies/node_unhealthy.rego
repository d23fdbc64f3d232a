# METADATA
# title: Node unhealthy
# description: >-
#   A node is not Ready, or reports memory, disk or PID pressure. It
#   explains the failures of the pods running on it.
# custom:
#   id: node-unhealthy
#   cause: node-unhealthy
#   layer: runtime
#   stage: started
#   weight: 65
package rift.rules.node_unhealthy

import data.rift.lib

bad(node) := [c |
	some c in object.get(node, ["status", "conditions"], [])
	unhealthy(c)
]

unhealthy(c) if {
	c.type == "Ready"
	c.status != "True"
}

unhealthy(c) if {
	c.type in {"MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"}
	c.status == "True"
}

hypothesis contains h if {
	some name
	node := input.objects.Node[""][name]
	conds := bad(node)
	count(conds) > 0
	pods := object.get(input.pods_by_node, name, [])
	h := {
		"subject": lib.ref(node),
		"summary": sprintf("node %s is unhealthy: %s", [name, concat(", ", [sprintf("%s=%s", [c.type, c.status]) | some c in conds])]),
		"supporting": [lib.condition_evidence(node, c) | some c in conds],
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe node %s", [name]),
		"repair": lib.repair(
			"external-dependency",
			sprintf("restore node %s (kubelet, runtime, disk or memory) at the infrastructure owner, or let its pods move", [name]),
			["stateful pods on the node have their storage, ordinals, replication and disruption budgets checked before they are moved"],
			["more nodes turn unhealthy"],
			"none",
			[lib.accept("runtime", sprintf("node %s Ready=True without pressure", [name])), lib.accept("runtime", "its pods are Ready")],
		),
		"explains": union({lib.pod_explains({"apiVersion": "v1", "kind": "Pod", "namespace": ns, "name": pn}) |
			some k in pods
			[ns, pn] := split(k, "/")
		}),
	}
}
