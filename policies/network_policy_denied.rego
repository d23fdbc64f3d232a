# METADATA
# title: Network policy denies the connection
# description: >-
#   A container's log shows a failed connection (lib.dial_failures) to a
#   Service or pod, and the NetworkPolicies deny it to every backend: the
#   client is isolated for egress and no policy isolating it admits the
#   backend on the port, or the backend is isolated for ingress and no
#   policy isolating it admits the client. Selectors are resolved in Go
#   (input.network_policies); which side denies and why is decided here.
#   The subject is the newest policy isolating the denying side. It
#   explains the dependency-unavailable hypothesis of the same target and
#   the client's crash loop and probe failures. A name lookup that timed
#   out from a pod whose egress policies admit nothing on port 53 is the
#   same cause: it explains the dns-resolution-failed of that name.
# custom:
#   id: network-policy-denied
#   cause: network-policy-denied
#   layer: dependencies
#   stage: ready
#   weight: 60
package rift.rules.network_policy_denied

import data.rift.lib

hypothesis contains h if {
	some [ns, pod, line, host] in lib.dial_failures
	c := lib.pod(ns, pod)
	t := lib.dial_target(ns, host)
	port := dial_port(line, host)
	bs := backends(t, port)
	count(bs) > 0
	ds := [d | some b in bs; d := denial(c, b)]
	count(ds) == count(bs)
	d := ds[0]
	k := newest(d.policies, d.side)
	p := input.network_policies.policies[k]
	h := {
		"subject": p.ref,
		"summary": summary(d, c, t, k, port),
		"supporting": array.concat(
			[{"object": lib.ref(c), "file": lib.log_file(ns, pod, line), "message": line}],
			[lib.field(input.objects.NetworkPolicy[q.ref.namespace][q.ref.name], "spec", isolates(d)) |
				some k2 in d.policies
				q := input.network_policies.policies[k2]
			],
		),
		"contradicting": refused(line),
		"nextCheck": sprintf("kubectl describe networkpolicy %s -n %s", [p.ref.name, p.ref.namespace]),
		"repair": lib.repair(
			"repository",
			sprintf("admit %s in NetworkPolicy %s/%s (or add a policy that does), where it is declared", [admission(d), p.ref.namespace, p.ref.name]),
			["the connection is meant to be allowed (the policy is not a deliberate isolation of this client)"],
			["the connection still fails once a policy admits it: look at the backend itself (dependency-unavailable)"],
			sprintf("restore NetworkPolicy %s/%s's previous rules", [p.ref.namespace, p.ref.name]),
			[lib.accept("dependencies", sprintf("pod %s/%s connects to %s", [ns, pod, host])), lib.accept("runtime", sprintf("pod %s becomes Ready", [pod]))],
		),
		"explains": ({lib.explain("dependency-unavailable", t)} | {lib.explain(cause, lib.ref(c)) | some cause in {"crash-loop", "probe-failing"}}),
	}
}

# A name lookup that timed out from a pod whose egress policies admit
# nothing on port 53: the plugin drops the DNS queries, so every name
# times out, in-cluster or not. The cluster DNS is fine; the policy is
# the cause, and it explains the lookup failure the DNS rule reports.
hypothesis contains h if {
	some [ns, pod, line, host] in dns_timeouts
	c := lib.pod(ns, pod)
	ps := input.network_policies.egress[lib.pod_key(c)]
	not admits_dns(ps)
	k := newest(ps, "egress")
	p := input.network_policies.policies[k]
	h := {
		"subject": p.ref,
		"summary": sprintf("NetworkPolicy %s isolates pod %s for egress and no policy admits DNS (port 53): its lookup of %s times out", [k, lib.pod_key(c), host]),
		"supporting": array.concat(
			[{"object": lib.ref(c), "file": lib.log_file(ns, pod, line), "message": line}],
			[lib.field(input.objects.NetworkPolicy[q.ref.namespace][q.ref.name], "spec", sprintf("isolates pod %s for egress; none of its rules admits port 53", [lib.pod_key(c)])) |
				some k2 in ps
				q := input.network_policies.policies[k2]
			],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe networkpolicy %s -n %s", [p.ref.name, p.ref.namespace]),
		"repair": lib.repair(
			"repository",
			sprintf("admit egress to the cluster DNS (UDP and TCP port 53, the kube-dns pods) in NetworkPolicy %s/%s or a policy beside it, where it is declared", [p.ref.namespace, p.ref.name]),
			["the pod is meant to resolve names (it is not a deliberately offline workload)"],
			["lookups still time out once DNS is admitted: look at the cluster DNS itself"],
			sprintf("restore NetworkPolicy %s/%s's previous rules", [p.ref.namespace, p.ref.name]),
			[lib.accept("dependencies", sprintf("pod %s/%s resolves %s", [ns, pod, host])), lib.accept("runtime", sprintf("pod %s becomes Ready", [pod]))],
		),
		"explains": ({lib.explain("dns-resolution-failed", {"apiVersion": "", "kind": "Host", "namespace": "", "name": host})} | {lib.explain(cause, lib.ref(c)) | some cause in {"crash-loop", "probe-failing"}}),
	}
}

# dns_timeouts are the log lines where a name lookup timed out:
# [namespace, pod, line, host]. Go's resolver writes "lookup HOST on
# SERVER:53: read udp A->B: i/o timeout" or "lookup HOST: i/o timeout".
dns_timeouts contains [ns, pod, line, m[1]] if {
	some key, logs in input.logs
	[ns, pod] := split(key, "/")
	some l in logs
	some line in l.lines
	some m in regex.find_all_string_submatch_n(`lookup ([A-Za-z0-9.\-]+)(?: on [0-9a-f.:\[\]]+)?: (?:read udp [^ ]+: )?i/o timeout`, line, 1)
}

# admits_dns is whether a rule of the policies ps admits egress on port
# 53, to any peer: where the cluster DNS pods run is often outside the
# bundle, so a rule for port 53 is taken to reach them.
admits_dns(ps) if {
	some k in ps
	some r in input.network_policies.policies[k].egress
	dns_port(r)
}

dns_port(r) if count(r.ports) == 0

dns_port(r) if {
	some pt in r.ports
	not pt.port
}

dns_port(r) if {
	some pt in r.ports
	pt.port == 53
}

dns_port(r) if {
	some pt in r.ports
	pt.port in {"dns", "dns-tcp"}
}

# dial_port is the port of the failed dial to host in line.
dial_port(line, host) := to_number(m[2]) if {
	some m in regex.find_all_string_submatch_n(`dial tcp ([A-Za-z0-9.\-]+):([0-9]+)`, line, -1)
	m[1] == host
}

# backends are the pods behind the dialled target, each with the port
# the connection reaches it on: a Service's selected pods on the
# targetPort of the dialled port (a named one is the pod's port of that
# name); a pod on the dialled port.
backends(t, port) := [{"pod": p, "port": tp} |
	svc := input.objects.Service[t.namespace][t.name]
	some name in object.get(input.service_pods, concat("/", [t.namespace, t.name]), [])
	p := lib.pod(t.namespace, name)
	tp := target_port(svc, port, p)
] if t.kind == "Service"

backends(t, port) := [{"pod": lib.pod(t.namespace, t.name), "port": port}] if t.kind == "Pod"

target_port(svc, port, p) := n if {
	some sp in svc.spec.ports
	sp.port == port
	n := pod_port(p, object.get(sp, "targetPort", port))
}

pod_port(_, tp) := tp if is_number(tp)

pod_port(p, tp) := cp.containerPort if {
	is_string(tp)
	some c in p.spec.containers
	some cp in object.get(c, "ports", [])
	cp.name == tp
}

# denial says which side denies a connection from c to backend b: the
# client's egress policies first, then the backend's ingress policies.
denial(c, b) := {"side": "egress", "policies": ps, "isolated": c, "other": b.pod, "port": b.port} if {
	ps := input.network_policies.egress[lib.pod_key(c)]
	not admits(ps, "egress", b.pod, b.pod, b.port)
} else := {"side": "ingress", "policies": ps, "isolated": b.pod, "other": c, "port": b.port} if {
	ps := input.network_policies.ingress[lib.pod_key(b.pod)]
	not admits(ps, "ingress", c, b.pod, b.port)
}

# admits is whether a rule of one of the policies ps admits peer on the
# port of dest.
admits(ps, side, peer, dest, port) if {
	some k in ps
	some r in input.network_policies.policies[k][side]
	peer_ok(r, peer)
	port_ok(r, dest, port)
}

peer_ok(r, _) if r.all

# A namespace selector the bundle cannot resolve may admit the peer's
# namespace.
peer_ok(r, peer) if peer.metadata.namespace in r.unresolved

peer_ok(r, peer) if r.pods[lib.pod_key(peer)]

peer_ok(r, peer) if {
	ip := peer.status.podIP
	some b in r.cidrs
	net.cidr_contains(b.cidr, ip)
	not excepted(b, ip)
}

excepted(b, ip) if {
	some e in b.except
	net.cidr_contains(e, ip)
}

port_ok(r, _, _) if count(r.ports) == 0

port_ok(r, dest, port) if {
	some pt in r.ports
	pt.protocol == "TCP"
	port_matches(pt, dest, port)
}

port_matches(pt, _, _) if not pt.port

port_matches(pt, _, port) if pt.port == port

port_matches(pt, _, port) if {
	is_number(pt.endPort)
	pt.port <= port
	port <= pt.endPort
}

port_matches(pt, dest, port) if {
	is_string(pt.port)
	pod_port(dest, pt.port) == port
}

# newest is the policy among ps written last (by creation time), then one
# with no rule for the side (a deny on its own is what cut the path when
# one apply created them all), then by key.
newest(ps, side) := max([[object.get(input.objects.NetworkPolicy[p.ref.namespace][p.ref.name].metadata, "creationTimestamp", ""), count(p[side]) == 0, k] |
	some k in ps
	p := input.network_policies.policies[k]
])[2]

summary(d, c, t, k, port) := sprintf("NetworkPolicy %s isolates pod %s for %s and no policy admits pod %s on port %d: %s cannot reach %s on port %d", [k, lib.pod_key(d.isolated), d.side, lib.pod_key(d.other), d.port, c.metadata.name, t.name, port])

isolates(d) := sprintf("isolates pod %s for %s; none of its rules admits pod %s on port %d", [lib.pod_key(d.isolated), d.side, lib.pod_key(d.other), d.port])

admission(d) := sprintf("ingress from pod %s on port %d (by its labels or its namespace's)", [lib.pod_key(d.other), d.port]) if d.side == "ingress"

else := sprintf("egress to pod %s on port %d (by its labels or its namespace's)", [lib.pod_key(d.other), d.port])

# A refused connection is an answer; most network plugins drop what a
# policy denies, and the client times out.
refused(line) := [{"message": "the connection was refused, not timed out: most network plugins drop what a policy denies, so something answered"}] if contains(line, "connection refused")

else := []
