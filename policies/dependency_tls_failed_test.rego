package rift.rules.dependency_tls_failed_test

import data.rift.lib
import data.rift.rules.dependency_tls_failed

pod := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "api-1", "namespace": "shipping"}}

svc := {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "carrier-gateway", "namespace": "shipping"}, "spec": {"clusterIP": "10.96.4.4"}}

doc(line) := {
	"objects": {"Pod": {"shipping": {"api-1": pod}}, "Service": {"shipping": {"carrier-gateway": svc}}},
	"logs": {"shipping/api-1": [{"container": "api", "previous": true, "file": "logs/shipping/api-1/api.previous.log", "lines": [line]}]},
	"addresses": {},
}

hyps(d) := hs if {
	hs := [h | some h in dependency_tls_failed.hypothesis] with input as d
}

# An expired certificate: the dependency's Service is the subject, it
# explains the client's crash loop, and the client is not changed.
test_expired_certificate if {
	[h] := hyps(doc(`{"level":"fatal","error":"Get \"https://carrier-gateway.shipping.svc:8443/v2/rates\": tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2026-12-03T17:32:10Z is after 2026-12-02T23:59:59Z"}`))
	h.subject == {"apiVersion": "v1", "kind": "Service", "namespace": "shipping", "name": "carrier-gateway"}
	h.repair.owner == "external-dependency"
	startswith(h.repair.action, "renew the certificate")
	lib.explain("crash-loop", lib.ref(pod)) in h.explains
}

# An unknown authority and a name mismatch are their own repairs; an
# outside host is a Host.
test_other_x509_failures if {
	[ca] := hyps(doc(`Post "https://vault.example.com/v1/auth": x509: certificate signed by unknown authority`))
	ca.subject == {"apiVersion": "", "kind": "Host", "namespace": "", "name": "vault.example.com"}
	contains(ca.repair.action, "trust bundle")
	[name] := hyps(doc(`Get "https://carrier-gateway.shipping.svc:8443/": x509: certificate is valid for gateway.internal, not carrier-gateway.shipping.svc`))
	contains(name.repair.action, "other names")
}

test_other_errors_negative if {
	count(hyps(doc(`dial tcp 10.96.4.4:8443: connect: connection refused`))) == 0
}
