# METADATA
# title: Dependency's certificate refused
# description: >-
#   A container's log shows that a TLS handshake with a dependency failed
#   on the dependency's certificate: it expired or is not valid yet, no CA
#   the client trusts signed it, or it is for another name. The connection
#   never carried a request, so the client's code and configuration are not
#   what failed. The subject is the dependency (the in-cluster Service the
#   host names, else the host); it explains the crash loop or probe failures
#   of the pod that logged it.
# custom:
#   id: dependency-tls-failed
#   cause: dependency-tls-failed
#   layer: dependencies
#   stage: ready
#   weight: 55
package rift.rules.dependency_tls_failed

import data.rift.lib

pattern := `https://([A-Za-z0-9.\-]+)[^ "]*"?: (?:tls: failed to verify certificate: )?x509: (certificate has expired or is not yet valid|certificate signed by unknown authority|certificate is valid for [^,]+, not [A-Za-z0-9.\-]+)`

# failures are the log lines of a refused certificate: [ns, pod, line,
# host, what].
failures contains [ns, pod, line, m[1], m[2]] if {
	some key, logs in input.logs
	[ns, pod] := split(key, "/")
	some l in logs
	some line in l.lines
	contains(line, "x509: ") # cheap, before the regular expression
	some m in regex.find_all_string_submatch_n(pattern, line, 1)
}

hypothesis contains h if {
	some [ns, pod, line, host, what] in failures
	p := lib.pod(ns, pod)
	subject := lib.dial_target(ns, host)
	h := {
		"subject": subject,
		"summary": sprintf("%s's certificate is refused by pod %s/%s: %s", [host, ns, pod, what]),
		"supporting": [{"object": lib.ref(p), "file": lib.log_file(ns, pod, line), "message": line}],
		"contradicting": [],
		"nextCheck": sprintf("kubectl logs %s -n %s --previous --tail=50", [pod, ns]),
		"repair": repair(host, what),
		"explains": {lib.explain(c, lib.ref(p)) | some c in {"crash-loop", "probe-failing"}},
	}
}

repair(host, what) := lib.repair(
	"external-dependency",
	sprintf("renew the certificate %s serves (its issuer, or the Secret it is read from) and have it reloaded; the client is not changed", [host]),
	["the certificate's notAfter is checked against the capture time (openssl s_client -connect shows it)"],
	["the handshake fails with another x509 error after the renewal: the chain or the name"],
	"none: the client is not changed",
	[lib.accept("dependencies", sprintf("%s serves a certificate valid now", [host])), lib.accept("runtime", "the client's pods start and stay Ready")],
) if {
	startswith(what, "certificate has expired")
} else := lib.repair(
	"external-dependency",
	sprintf("make %s's certificate and the client's trust agree: the CA that signs it must be in the client's trust bundle, or %s must serve a chain from one that is; a rotated CA reaches every client at once", [host, host]),
	["which side changed is read from the certificate's issuer and the client's bundle: a trust bundle the client's Git pins is the repository's change"],
	["the handshake fails with another x509 error: the name or the validity"],
	"restore the previous CA or certificate while the trust bundles are updated",
	[lib.accept("dependencies", sprintf("clients complete the TLS handshake with %s", [host])), lib.accept("runtime", "the client's pods start and stay Ready")],
) if {
	startswith(what, "certificate signed by unknown authority")
} else := lib.repair(
	"external-dependency",
	sprintf("%s serves a certificate for other names (%s): serve one that names the host clients use, or have the clients use a name it covers", [host, what]),
	["the names the certificate covers and the host the client dials are compared"],
	["clients still fail with the host they are configured with"],
	"none",
	[lib.accept("dependencies", sprintf("clients complete the TLS handshake with %s", [host]))],
)
