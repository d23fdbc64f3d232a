# METADATA
# title: Dependency unavailable
# description: >-
#   A container's log shows that a dependency refused or dropped its
#   connections (connection refused, no route to host, i/o timeout). The
#   subject is the dependency: the in-cluster Service when the address names
#   one, else the host. It explains the crash loop or probe failures of the
#   pod that logged it.
# custom:
#   id: dependency-unavailable
#   cause: dependency-unavailable
#   layer: dependencies
#   stage: ready
#   weight: 50
package rift.rules.dependency_unavailable

import data.rift.lib

hypothesis contains h if {
	some [ns, pod, line, host] in lib.dial_failures
	p := lib.pod(ns, pod)
	subject := target(p, host, line)
	h := {
		"subject": subject,
		"summary": sprintf("%s is unreachable from pod %s/%s%s", [named(subject, host, p), ns, pod, why(subject, host, p)]),
		"supporting": [{"object": lib.ref(p), "file": lib.log_file(ns, pod, line), "message": line}],
		"contradicting": serving(p),
		"nextCheck": check(subject),
		"repair": lib.repair(
			"external-dependency",
			sprintf("restore %s (its pods, endpoints or network path) before touching the client", [host]),
			["the dependency's own hypotheses are checked (no-endpoints, crash-loop)"],
			["the dependency is up but the client still fails: look at network policy or address family"],
			"none: the client is not changed",
			[lib.accept("dependencies", sprintf("%s accepts connections", [host])), lib.accept("runtime", sprintf("pod %s becomes Ready", [pod]))],
		),
		"explains": {lib.explain(c, lib.ref(p)) | some c in {"crash-loop", "probe-failing"}},
	}
}

# serving is the evidence that the pod which reported the refusal is
# Ready at capture time: whatever it dialled did not keep it from serving,
# so the report alone does not show an outage. Whether the refusal itself
# is history is the engine's judgement, from the line's time.
serving(p) := [lib.field(p, "status.conditions[type=Ready]", sprintf("pod %s that reported it is Ready at capture time", [p.metadata.name]))] if lib.healthy(p)

else := []

# target is what the pod dialled. A loopback address is inside the pod's
# own network namespace: the pod itself (another of its containers, or the
# process, not listening yet), unless the pod is on the host network and
# exactly one other host-network pod of its node declares the dialled port
# (kube-apiserver dialling etcd at 127.0.0.1:2379).
target(p, host, line) := lib.dial_target(p.metadata.namespace, host) if not loopback(host)

else := listener if {
	object.get(p.spec, "hostNetwork", false) == true
	port := loopback_port(line)
	[listener] := [l | some l in node_listeners(p.spec.nodeName, port)]
	listener != lib.ref(p)
} else := lib.ref(p)

loopback(host) if host == "localhost"

loopback(host) if startswith(host, "127.")

loopback_port(line) := to_number(m[2]) if {
	some m in regex.find_all_string_submatch_n(`dial tcp (localhost|127\.[0-9.]+):([0-9]+)`, line, 1)
}

# node_listeners are the host-network pods of a node that declare port.
node_listeners(node, port) := {lib.ref(q) |
	some key in object.get(input.pods_by_node, node, [])
	[qns, qname] := split(key, "/")
	q := input.objects.Pod[qns][qname]
	object.get(q.spec, "hostNetwork", false) == true
	some c in q.spec.containers
	some pt in object.get(c, "ports", [])
	pt.containerPort == port
}

# named says which object an address belongs to, when another Pod or a
# Node holds it.
named(s, host, p) := sprintf("%s (%s %s)", [host, lower(s.kind), s.name]) if {
	s.kind in {"Pod", "Node"}
	s != lib.ref(p)
} else := host

why(s, host, p) := ": nothing listened on the port it dialled on its own loopback (another container of the pod, or the process itself; on the host network, any process of its node)" if {
	loopback(host)
	s == lib.ref(p)
} else := ""

check(s) := sprintf("kubectl get endpointslices -n %s -l kubernetes.io/service-name=%s", [s.namespace, s.name]) if s.kind == "Service"

else := sprintf("kubectl describe pod %s -n %s", [s.name, s.namespace]) if s.kind == "Pod"

else := sprintf("kubectl describe node %s", [s.name]) if s.kind == "Node"

# An address nobody in the bundle holds may still be a pod's: the cluster
# knows, and dig does not resolve an address.
else := sprintf("kubectl get pods -A -o wide --field-selector status.podIP=%s", [s.name]) if regex.match("^[0-9.]+$", s.name)

else := sprintf("dig +short %s", [s.name])
