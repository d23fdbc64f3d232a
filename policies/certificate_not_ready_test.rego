package rift.rules.certificate_not_ready_test

import data.rift.rules.certificate_not_ready

cert(status) := {
	"apiVersion": "cert-manager.io/v1", "kind": "Certificate", "metadata": {"name": "web", "namespace": "shop"},
	"spec": {"secretName": "web-tls", "issuerRef": {"name": "letsencrypt"}},
	"status": {"conditions": [{"type": "Ready", "status": status, "reason": "DoesNotExist", "message": "Issuing certificate as Secret does not exist"}]},
}

test_not_ready_explains_tls_secret if {
	some h in certificate_not_ready.hypothesis with input as {"objects": {"Certificate": {"shop": {"web": cert("False")}}}, "events_by_object": {}, "referenced_by": {}}
	{"cause": "config-missing", "subject": {"apiVersion": "v1", "kind": "Secret", "namespace": "shop", "name": "web-tls"}} in h.explains
	contains(h.summary, "does not exist")
}

test_ready_negative if {
	count(certificate_not_ready.hypothesis) == 0 with input as {"objects": {"Certificate": {"shop": {"web": cert("True")}}}, "events_by_object": {}, "referenced_by": {}}
}

test_failed_issuance_is_cited if {
	c := json.patch(cert("False"), [{"op": "add", "path": "/status/conditions/-", "value": {"type": "Issuing", "status": "False", "reason": "Failed", "message": "The CSR PEM requests a commonName that is not present in the list of dnsNames"}}])
	some h in certificate_not_ready.hypothesis with input as {"objects": {"Certificate": {"shop": {"web": c}}}, "events_by_object": {}, "referenced_by": {}}
	count(h.supporting) == 2
}
