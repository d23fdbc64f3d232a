package layers

import (
	"fmt"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
)

// revisionChain cites what a reconciler says about the revisions it tried
// and applied, whether it is suspended, and whether its inventory lists the
// subject: the links between "Git has it" and "the cluster has it".
func revisionChain(r, subj *bundle.Object) []evidence.Evidence {
	m := r.Object
	var out []evidence.Evidence
	if boolAt(m, "spec", "suspend") {
		out = append(out, ev(r, "spec.suspend", "suspended: it applies nothing until resumed", nil))
	}
	switch r.GetKind() {
	case "Kustomization", "HelmRelease":
		tried, applied := str(m, "status", "lastAttemptedRevision"), str(m, "status", "lastAppliedRevision")
		if tried != "" && applied != "" && tried != applied && !sameRevision(tried, applied) {
			out = append(out, ev(r, "status.lastAttemptedRevision", fmt.Sprintf("attempted %s but the last applied is %s: the newer revision did not apply",
				shortRevision(tried), shortRevision(applied)), nil))
		}
	case "Application":
		synced, op := str(m, "status", "sync", "revision"), str(m, "status", "operationState", "syncResult", "revision")
		if synced != "" && op != "" && !sameRevision(synced, op) {
			out = append(out, ev(r, "status.operationState.syncResult.revision", fmt.Sprintf("the last sync operation ran %s; the compared revision is %s",
				shortRevision(op), shortRevision(synced)), nil))
		}
	}
	if r == subj {
		return out
	}
	keys := inventoryKeys(r)
	if len(keys) == 0 {
		return out
	}
	listed := false
	for _, k := range keys {
		listed = listed || k == subj.Key()
	}
	field := "status.inventory"
	if r.GetKind() == "Application" {
		field = "status.resources"
	}
	if listed {
		out = append(out, ev(r, field, subj.Ref().String()+" is listed", nil))
	} else {
		out = append(out, ev(r, field, subj.Ref().String()+" is not listed: the reconciler does not consider it its own (orphaned, or renamed in Git)", nil))
	}
	return out
}
