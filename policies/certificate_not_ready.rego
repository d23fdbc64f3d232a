# METADATA
# title: Certificate not ready
# description: >-
#   A cert-manager Certificate reports Ready=False (issuance failed, issuer
#   missing, expired). It explains a missing TLS Secret and the pods that
#   mount it.
# custom:
#   id: certificate-not-ready
#   cause: certificate-not-ready
#   layer: dependencies
#   stage: started
#   weight: 60
package rift.rules.certificate_not_ready

import data.rift.lib

hypothesis contains h if {
	some ns, name
	cert := input.objects.Certificate[ns][name]
	c := lib.failed_condition(cert, "Ready")
	secret := {"apiVersion": "v1", "kind": "Secret", "namespace": ns, "name": cert.spec.secretName}
	h := {
		"subject": lib.ref(cert),
		"summary": sprintf("Certificate %s is not ready: %s", [name, object.get(c, "message", c.reason)]),
		"supporting": array.concat(
			array.concat([lib.condition_evidence(cert, c)], [lib.condition_evidence(cert, i) | i := lib.failed_condition(cert, "Issuing")]),
			[lib.event(cert, e) | some e in lib.events(cert); e.type == "Warning"],
		),
		"contradicting": [],
		"nextCheck": sprintf("kubectl describe certificate %s -n %s", [name, ns]),
		"repair": lib.repair(
			"external-dependency",
			sprintf("fix issuance for %s: the issuer %v, its ACME/CA reachability, or the DNS names requested in Git", [name, object.get(cert.spec, ["issuerRef", "name"], "")]),
			["the issuer exists and is Ready"],
			["CertificateRequests keep failing with the same reason"],
			"none: issuance does not change running workloads",
			[lib.accept("dependencies", sprintf("Certificate %s Ready=True; Secret %s exists", [name, cert.spec.secretName])), lib.accept("external", "TLS handshakes present the new certificate")],
		),
		"explains": ({lib.explain("config-missing", secret)} | {lib.explain("config-missing", p) |
			some r in lib.referrers(secret, "Pod")
			p := object.remove(r, {"path"})
		}),
	}
}
