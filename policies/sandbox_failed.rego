# METADATA
# title: Pod sandbox cannot be created
# description: >-
#   The kubelet cannot create a Pending pod's sandbox
#   (FailedCreatePodSandBox), so its containers never start and it waits in
#   ContainerCreating. When the node's network plugin gives the pod no
#   network (its CNI agent is not running, no free address in the node's or
#   the subnet's pool), the sandbox (pause) image cannot be pulled, or the
#   runtime refuses the sandbox, the node is the subject: nothing in the
#   pod's Git is wrong. A RuntimeClass handler the node's runtime lacks is
#   the pod template's. It explains the pod's workload not converging and
#   its Services' missing endpoints.
# custom:
#   id: sandbox-failed
#   cause: sandbox-failed
#   layer: runtime
#   stage: started
#   weight: 60
package rift.rules.sandbox_failed

import data.rift.lib

# failing are the Pending pods with their sandbox failures: [pod, events].
failing contains [pod, fails] if {
	some pod in lib.event_pods({"FailedCreatePodSandBox"})
	object.get(pod, ["status", "phase"], "") == "Pending"
	evs := lib.events(pod)
	fails := [e | some e in evs; e.reason == "FailedCreatePodSandBox"]
	count(fails) > 0
	not progressed(evs, fails[count(fails) - 1])
}

# progressed: the kubelet got past the sandbox after the last failure (it
# pulls or starts the containers), so a transient failure is history
# although the pod is still Pending.
progressed(evs, last) if {
	some e in evs
	e.reason in {"Pulling", "Pulled", "Created", "Started"}
	time.parse_rfc3339_ns(e.time) > time.parse_rfc3339_ns(last.time)
}

# by_node groups the pods whose sandbox failed for the node's sake.
by_node[node] contains [pod, fails] if {
	some [pod, fails] in failing
	not handler(fails[count(fails) - 1].message)
	node := object.get(pod, ["spec", "nodeName"], "")
	node != ""
}

hypothesis contains h if {
	some node, set in by_node
	entries := sort([[p.metadata.namespace, p.metadata.name, p, fails] | some [p, fails] in set])
	last := entries[0][3][count(entries[0][3]) - 1].message
	names := [concat("/", [e[0], e[1]]) | some e in entries]
	h := {
		"subject": node_ref(node),
		"summary": sprintf("node %s cannot create pod sandboxes: %s (%s); %s stuck in ContainerCreating: %s", [
			node, what(last), last, lib.count_of(count(entries), "pod"), concat(", ", names),
		]),
		"supporting": array.concat(
			[lib.event(e[2], ev) | some e in entries; some ev in e[3]],
			node_state(node),
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe node %s", [node]),
		"repair": node_repair(node, last),
		"explains": union({explains(e[2]) | some e in entries}),
	}
}

hypothesis contains h if {
	some [pod, fails] in failing
	last := fails[count(fails) - 1].message
	handler(last)
	h := {
		"subject": lib.subject_of(pod),
		"summary": sprintf("pod %s/%s cannot start: its RuntimeClass handler is not on node %s (%s)", [pod.metadata.namespace, pod.metadata.name, object.get(pod, ["spec", "nodeName"], ""), last]),
		"supporting": [lib.event(pod, e) | some e in fails],
		"contradicting": [],
		"nextCheck": lib.events_check(lib.ref(pod)),
		"repair": lib.repair(
			"repository",
			sprintf("set a runtimeClassName in Git whose handler the nodes run (%q here), or give the RuntimeClass a nodeSelector for the nodes that have it", [object.get(pod, ["spec", "runtimeClassName"], "")]),
			["the RuntimeClass's handler is installed on the nodes it selects"],
			["the new pods fail the same way on other nodes"],
			"revert the commit",
			[lib.accept("runtime", "the pods leave ContainerCreating and start")],
		),
		"explains": explains(pod),
	}
}

network(msg) if regex.match(`(?i)failed to (setup|set up) network|networkplugin cni failed|plugin type="[^"]+"( name="[^"]+")? failed|failed to assign an ip|no ip addresses available|failed to allocate for range|cni plugin not initialized|network plugin is not ready`, msg)

pause_image(msg) if regex.match(`(?i)failed to get sandbox image|sandbox image "[^"]+"`, msg)

handler(msg) if regex.match(`(?i)runtimehandler "[^"]*" not supported|no runtime for "[^"]*" is configured|runtime handler "[^"]*" not (found|supported)`, msg)

what(msg) := "its network plugin gives new pods no network" if network(msg)

else := "it cannot get the sandbox (pause) image" if pause_image(msg)

else := "its container runtime refuses the sandbox"

node_ref(node) := lib.ref(input.objects.Node[""][node]) if input.objects.Node[""][node]

else := {"apiVersion": "v1", "kind": "Node", "namespace": "", "name": node}

# node_state cites the node's Ready condition: a Ready node whose new pods
# get no sandbox fails below the kubelet's own health.
node_state(node) := [lib.condition_evidence(n, c)] if {
	n := input.objects.Node[""][node]
	c := lib.condition(n, "Ready")
} else := []

node_repair(node, msg) := lib.repair(
	"external-dependency",
	sprintf("restore %s's pod networking: its CNI agent (calico-node, aws-node, cilium, ...) and the address pool it assigns from; cordon the node meanwhile so new pods go elsewhere. The pods waiting there start on their own once it works: the workloads are not changed", [node]),
	["the CNI agent's pod on the node and its logs are checked; pods on other nodes starting rules out a cluster-wide pool"],
	["pods on other nodes fail the same way: the pool or the plugin's configuration is cluster-wide"],
	"uncordon the node",
	[lib.accept("runtime", sprintf("new pods on %s leave ContainerCreating", [node])), lib.accept("controller", "the rollouts held by them complete")],
) if {
	network(msg)
} else := lib.repair(
	"external-dependency",
	sprintf("restore %s's container runtime or its access to the sandbox (pause) image; cordon the node meanwhile so new pods go elsewhere", [node]),
	["the runtime's logs on the node (containerd, CRI-O) name the failure"],
	["pods on other nodes fail the same way"],
	"uncordon the node",
	[lib.accept("runtime", sprintf("new pods on %s leave ContainerCreating", [node]))],
)

# explains are what a pod without a sandbox holds: its Services' endpoints
# and its workload's rollout.
explains(pod) := lib.serving_explains(pod) | {lib.explain(c, r) |
	some r in workload_refs(pod)
	some c in {"not-converged", "rollout-blocked"}
}

workload_refs(pod) := {r | r := lib.owner(pod)} | {d |
	rs := lib.owner(pod)
	d := lib.owner(input.objects[rs.kind][rs.namespace][rs.name])
}
