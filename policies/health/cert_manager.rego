# METADATA
# title: cert-manager
# description: >-
#   A Certificate being issued (Issuing True) is progressing even while
#   Ready is False; otherwise Ready decides, through the fallback. Nothing
#   reported yet is progressing.
# custom:
#   id: health-cert-manager
#   kinds:
#   - cert-manager.io/Certificate
#   - cert-manager.io/Issuer
#   - cert-manager.io/ClusterIssuer
#   - cert-manager.io/CertificateRequest
#   - certmanager.k8s.io/Certificate
#   - certmanager.k8s.io/Issuer
#   - certmanager.k8s.io/ClusterIssuer
#   - networking.gke.io/ManagedCertificate
package rift.health.cert_manager

import data.rift.health.lib

gke := {"Active": "converged", "Provisioning": "progressing", "FailedNotVisible": "failed", "FailedCaaChecking": "failed", "FailedCaaForbidden": "failed", "FailedRateLimited": "failed"}

health := lib.waiting if {
	lib.no_status(input)
} else := lib.progressing(lib.say(lib.condition(input, "Issuing")), [lib.cond_field("Issuing")]) if {
	lib.cond_true(input, "Issuing")
	not lib.cond_true(input, "Ready")
} else := managed if {
	input.kind == "ManagedCertificate"
}

domains := [[d.domain, d.status] | some d in object.get(input.status, "domainStatus", [])]

managed := lib.failed(sprintf("domain %s: %s", [bad[0][0], bad[0][1]]), ["status.domainStatus"]) if {
	bad := [x | some x in domains; gke[x[1]] == "failed"]
	count(bad) > 0
} else := lib.progressing("a certificate is still being provisioned", ["status.domainStatus", "status.certificateStatus"]) if {
	some x in domains
	x[1] != "Active"
} else := lib.result(object.get(gke, input.status.certificateStatus, "unknown"), sprintf("certificate %s", [input.status.certificateStatus]), ["status.certificateStatus"])
