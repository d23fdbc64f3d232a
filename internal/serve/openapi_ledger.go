package serve

import (
	"reflect"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// ledgerDocs describe the ledger's types and their JSON fields ("" is the
// type itself) for kubectl explain hypotheses, as the SwaggerDoc methods
// of k8s.io/api describe the built-in kinds: rift's analysis types carry
// their docs as Go comments only, which these follow. TestLedgerSchema
// fails when a field the ledger serves has no description.
var ledgerDocs = map[reflect.Type]map[string]string{
	reflect.TypeFor[hypothesis.Hypothesis](): {
		"rank":                 "Rank is the entry's place in the ledger, from 1. A cause ranks above the hypotheses it explains; then supported before open, earlier first failure first, higher score first; resolved hypotheses (history) come after every current one and contradicted ones last.",
		"id":                   "ID is stable for the same bundle and policies: the rule's id and the subject.",
		"rule":                 "Rule is the id of the policy rule that raised the hypothesis (rift policy list).",
		"cause":                "Cause is the cause family the rule names in its metadata, e.g. probe-misconfigured. The label rift.dev/cause selects by it.",
		"subject":              "Subject is the object the hypothesis is about.",
		"status":               "Status is supported (evidence for, none against), open (not enough evidence either way), contradicted (evidence against), or resolved (the failure happened but the subject has converged since). The label rift.dev/status selects by it.",
		"score":                "Score is the rule's weight, plus 300 when supported or 100 when open, plus 10 per supporting fact (up to 10), minus 20 per contradicting fact (up to 5), plus 5 per hypothesis it explains (up to 10); it is the fourth key of the rank.",
		"summary":              "Summary says what is wrong and why, in one line.",
		"supporting":           "Supporting lists the facts from the bundle that support the hypothesis.",
		"contradicting":        "Contradicting lists the facts from the bundle that speak against the hypothesis.",
		"nextCheck":            "NextCheck is what to look at next to confirm or rule out the hypothesis.",
		"repair":               "Repair is the change rift proposes for the cause.",
		"explains":             "Explains lists the IDs of the hypotheses this one explains (its effects).",
		"explainedBy":          "ExplainedBy lists the IDs of the hypotheses that explain this one (its causes).",
		"layer":                "Layer is the state layer where the cause lives, from the rule's metadata.",
		"firstFailure":         "FirstFailure is the earliest time in the supporting evidence, or the subject's earliest failure on the timeline; it orders the ledger.",
		"resolvedAt":           "ResolvedAt is when a resolved hypothesis's failure stopped: the moment its subject's present converged state began.",
		"members":              "Members lists the hypotheses a grouped entry stands for, in rank order; a hypothesis of its own has none. A group's ID, subject, summary, next check and repair are its first member's; its status is its best member's, its evidence and links the union of its members'.",
		"extent":               "Extent says in words what a group's members span, e.g. \"504 pods in 120 workloads\". Empty for a hypothesis of its own.",
		"supportingOmitted":    "SupportingOmitted counts the supporting evidence the default report leaves out (rift analyze --full keeps it all).",
		"contradictingOmitted": "ContradictingOmitted counts the contradicting evidence the default report leaves out (rift analyze --full keeps it all).",
	},
	reflect.TypeFor[hypothesis.Member](): {
		"":              "Member is one hypothesis of a grouped ledger entry: its own subject, status and summary, and in a full report its own evidence and links.",
		"id":            "ID is the member's own hypothesis ID (rule id and subject); the explains and explainedBy lists of every entry name members by it.",
		"subject":       "Subject is the object the member is about.",
		"owner":         "Owner is the workload that owns the subject through controller references (a Pod's Deployment), when it is not the subject itself.",
		"status":        "Status is the member's own: supported, open, contradicted or resolved.",
		"summary":       "Summary says what is wrong with the member's subject, in one line.",
		"nextCheck":     "NextCheck is what to look at next for this member.",
		"firstFailure":  "FirstFailure is the earliest time in the member's supporting evidence.",
		"resolvedAt":    "ResolvedAt is when a resolved member's failure stopped.",
		"supporting":    "Supporting is the member's own supporting evidence; the default report leaves it out (the entry's list holds the union).",
		"contradicting": "Contradicting is the member's own contradicting evidence; the default report leaves it out (the entry's list holds the union).",
		"explains":      "Explains lists the IDs of the hypotheses this member explains; the default report leaves it out.",
		"explainedBy":   "ExplainedBy lists the IDs of the hypotheses that explain this member; the default report leaves it out.",
	},
	reflect.TypeFor[hypothesis.Repair](): {
		"":               "Repair is what would fix a cause, who owns the change, and how to tell it worked.",
		"owner":          "Owner is who makes the change: repository (a commit to the Git source), external-dependency (something outside the cluster and the repository), controller-action (a controller must act), live-mitigation (a change to the live cluster), or none.",
		"action":         "Action is the change to make.",
		"preconditions":  "Preconditions must hold before the change is made.",
		"stopConditions": "StopConditions say when to stop and reconsider while the change rolls out.",
		"rollback":       "Rollback is how to undo the change.",
		"acceptance":     "Acceptance holds the checks, per layer, that prove recovery.",
	},
	reflect.TypeFor[hypothesis.Acceptance](): {
		"":      "Acceptance is one verification check at one layer.",
		"layer": "Layer is the state layer the check reads.",
		"check": "Check is what must be true once the repair worked.",
	},
	reflect.TypeFor[evidence.Evidence](): {
		"":        "Evidence is one fact read from the bundle.",
		"object":  "Object is the object the fact was read from (for an event, the involved object).",
		"path":    "Path is the field path within the object, e.g. status.observedGeneration or spec.template.spec.containers[name=kafka].readinessProbe.",
		"event":   "Event cites an Event by its reason.",
		"file":    "File is the bundle file (a log tail, a check, source.yaml) the fact was read from when it is not an object field.",
		"time":    "Time is when the fact was true or observed, when known.",
		"message": "Message says what the fact is, in one line.",
	},
	reflect.TypeFor[bundle.Ref](): {
		"":           "Ref names an object of the bundle.",
		"apiVersion": "APIVersion is group/version, or the version alone for the core group.",
		"kind":       "Kind is the object's kind, for example Deployment.",
		"namespace":  "Namespace is empty for a cluster-scoped object.",
		"name":       "Name is the object's metadata.name.",
	},
}

// ledgerModel names a ledger type's schema as the served kind is named
// (dev.rift.v1alpha1.Evidence): a schema name is a JSON pointer segment
// in every $ref, so it must hold no "/", which a Go package path does.
func ledgerModel(t reflect.Type) (string, bool) {
	if _, ok := ledgerDocs[t]; !ok {
		return "", false
	}
	parts := strings.Split(GroupVersion.Group, ".")
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, ".") + "." + GroupVersion.Version + "." + t.Name(), true
}

// dateTime is the schema of a time.Time field: JSON encodes it as an RFC
// 3339 string, as metav1.Time.
var dateTime = reflect.TypeFor[time.Time]()
