# Flux object conditions, read-only flux commands and GitOps acceptance.
package rift.lib

# flux_ready_false is the Ready=False condition of a Flux object.
flux_ready_false(obj) := failed_condition(obj, "Ready")

# flux_failures are the failed Ready and Released conditions of a Flux
# object: a HelmRelease whose upgrade failed and was rolled back reports
# Ready=False RollbackSucceeded and keeps the cause in Released.
flux_failures(obj) := {c |
	some t in ["Ready", "Released"]
	c := failed_condition(obj, t)
}

# flux_check is the read-only flux command that shows an object.
flux_check(r) := sprintf("flux get %s %s -n %s", [flux_noun[r.kind], r.name, r.namespace]) if flux_noun[r.kind]

flux_check(r) := get(r) if not flux_noun[r.kind]

flux_noun := {
	"Kustomization": "kustomizations",
	"HelmRelease": "helmreleases",
	"GitRepository": "sources git",
	"OCIRepository": "sources oci",
	"HelmRepository": "sources helm",
	"HelmChart": "sources chart",
	"Bucket": "sources bucket",
}

# gitops_acceptance are the acceptance checks of a GitOps-level repair.
gitops_acceptance(r) := [
	accept("desired", "the fix is committed on the tracked branch"),
	accept("gitops", sprintf("%s reports Ready=True at the new revision (%s)", [key(r), flux_check(r)])),
	accept("applied", "applied objects' generation equals observedGeneration"),
	accept("runtime", "workloads are Ready without new restarts"),
]

# same_revision compares Flux revisions across formats: "main/<sha>" (Flux
# v1 APIs), "main@sha1:<sha>" and a bare "<sha>" name the same commit.
same_revision(a, b) if revision_id(a) == revision_id(b)

revision_id(rev) := id if {
	parts := regex.split(`[/:@]`, rev)
	id := parts[count(parts) - 1]
}

# waits_on are the workloads a GitOps object waited on when it failed (the
# layers' waitsOn: a Flux health check or Helm's --wait ran out, an Argo CD
# sync failed on a hook it ran): its failure is theirs, not its own.
waits_on(obj) := input.workloads[key(ref(obj))].waitsOn
