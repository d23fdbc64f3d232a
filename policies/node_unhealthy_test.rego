package rift.rules.node_unhealthy_test

import data.rift.rules.node_unhealthy

node(ready, memory) := {
	"apiVersion": "v1", "kind": "Node", "metadata": {"name": "node-a"},
	"status": {"conditions": [{"type": "Ready", "status": ready}, {"type": "MemoryPressure", "status": memory}]},
}

test_not_ready_explains_its_pods if {
	some h in node_unhealthy.hypothesis with input as {"objects": {"Node": {"": {"node-a": node("Unknown", "False")}}}, "pods_by_node": {"node-a": ["shop/web-1"]}}
	contains(h.summary, "Ready=Unknown")
	{"cause": "crash-loop", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "web-1"}} in h.explains
}

test_pressure if {
	some h in node_unhealthy.hypothesis with input as {"objects": {"Node": {"": {"node-a": node("True", "True")}}}, "pods_by_node": {}}
	contains(h.summary, "MemoryPressure=True")
}

test_healthy_negative if {
	count(node_unhealthy.hypothesis) == 0 with input as {"objects": {"Node": {"": {"node-a": node("True", "False")}}}, "pods_by_node": {}}
}
