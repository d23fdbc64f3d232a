# METADATA
# title: DNS resolution failed
# description: >-
#   A name does not resolve from inside the cluster ("lookup HOST ... no
#   such host", "server misbehaving", "Could not resolve host", busybox's
#   "bad address"), seen in a
#   controller condition, an event or a log. The subject is the host. It
#   explains the failure of every object that reported it (an ExternalSecret,
#   a Git source, a pod).
# custom:
#   id: dns-resolution-failed
#   cause: dns-resolution-failed
#   layer: external
#   stage: none
#   weight: 75
package rift.rules.dns_resolution_failed

import data.rift.lib

patterns := [
	`lookup ([A-Za-z0-9.\-]+)(?: on [0-9a-f.:\[\]]+)?: (?:read udp [^ ]+: )?(?:no such host|server misbehaving|i/o timeout|Temporary failure in name resolution)`,
	`[Cc]ould not resolve host:? ([A-Za-z0-9.\-]+)`,
	`getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([A-Za-z0-9.\-]+)`,
	`bad address '([A-Za-z0-9.\-]+)'`,
]

# effect maps the kind that reported the failure to the hypothesis it
# explains there.
effect := {
	"ExternalSecret": "external-secret-failed",
	"GitRepository": "source-unavailable",
	"OCIRepository": "source-unavailable",
	"HelmRepository": "source-unavailable",
	"Pod": "crash-loop",
}

# Conditions of controllers that reach outside the cluster.
mentions contains [host, lib.ref(obj), lib.condition_evidence(obj, c)] if {
	some kind in object.keys(effect)
	kind != "Pod"
	some ns, name
	obj := input.objects[kind][ns][name]
	c := lib.failed_condition(obj, "Ready")
	some host in hosts_in(c.message)
}

# Warning events, of any object.
mentions contains [host, r, {"object": r, "event": e.reason, "time": lib.first_time(e), "message": e.message}] if {
	some e in object.get(input.events_by_type, "Warning", [])
	some host in hosts_in(e.message)
	r := object.remove(e.object, {"uid", "fieldPath"})
}

# Container logs.
mentions contains [host, lib.ref(p), {"object": lib.ref(p), "file": l.file, "message": line}] if {
	some key, logs in input.logs
	[ns, pod] := split(key, "/")
	p := lib.pod(ns, pod)
	some l in logs
	some line in l.lines
	some host in hosts_in(line)
}

hosts_in(s) := {m[1] |
	some pat in patterns
	some m in regex.find_all_string_submatch_n(pat, s, 1)
}

hypothesis contains h if {
	some [host, _, _] in mentions
	not missing_service(host)
	subject := {"apiVersion": "", "kind": "Host", "namespace": "", "name": host}
	h := {
		"subject": subject,
		"summary": sprintf("%s does not resolve from the cluster", [host]),
		"supporting": [ev | some [x, _, ev] in mentions; x == host],
		"contradicting": [],
		"nextCheck": "kubectl get pods -n kube-system -l k8s-app=kube-dns -o wide",
		"repair": lib.repair(
			"external-dependency",
			sprintf("make %s resolvable from the cluster: the DNS record, the cluster DNS forwarders, or the name configured in Git if it is wrong", [host]),
			["the name is spelled as the provider publishes it", "cluster DNS pods are Ready and resolve other external names"],
			["other names stop resolving after a forwarder change"],
			"restore the previous DNS configuration",
			[lib.accept("external", sprintf("%s resolves from a pod in the cluster", [host])), lib.accept("dependencies", "the reporting objects become Ready")],
		),
		"explains": explained(host),
	}
}

# A cluster-local Service name (NAME.NAMESPACE.svc, with or without the
# cluster domain) that names no Service: the cluster DNS answers
# NXDOMAIN as it should, so the missing Service is the cause, repaired
# where the name or the Service is declared, not in DNS.
hypothesis contains h if {
	some [host, _, _] in mentions
	[ns, name] := missing_service(host)
	subject := {"apiVersion": "v1", "kind": "Service", "namespace": ns, "name": name}
	h := {
		"subject": subject,
		"status": absence_status(ns),
		"summary": sprintf("%s does not resolve because Service %s/%s does not exist: the cluster DNS has no record for it", [host, ns, name]),
		"supporting": [ev | some [x, _, ev] in mentions; x == host],
		"contradicting": [],
		"nextCheck": sprintf("kubectl get services -n %s", [ns]),
		"repair": lib.repair(
			"repository",
			sprintf("create Service %s/%s, or correct the name %s where the client is configured (Services in %s: %s), in Git", [ns, name, host, ns, concat(", ", lib.names_in("Service", ns))]),
			["the name is the Service the client should reach (not a Service that was renamed on purpose)"],
			["the Service exists and the name still does not resolve: look at the cluster DNS"],
			"revert the change that removed or renamed the Service",
			[lib.accept("dependencies", sprintf("%s resolves from a pod in the cluster", [host])), lib.accept("dependencies", "the reporting objects become Ready")],
		),
		"explains": explained(host),
	}
}

explained(host) := {lib.explain(effect[r.kind], r) | some [x, r, _] in mentions; x == host; effect[r.kind]}

# missing_service is [namespace, name] of a cluster-local Service name
# whose Service the bundle does not hold, in a namespace whose Services
# it holds (other namespaces may be out of the bundle's scope).
missing_service(host) := [parts[1], parts[0]] if {
	parts := split(host, ".")
	count(parts) >= 3
	parts[2] == "svc"
	input.objects.Service[parts[1]]
	not input.objects.Service[parts[1]][parts[0]]
}

# The namespace's Services were read, but a collector that says it could
# not read Services proves nothing.
absence_status(_) := "open" if input.bundle.notCollectedResources.services

else := "supported"
