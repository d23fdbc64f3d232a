package health

import "github.com/rift-dev/rift/analyzer/bundle"

// Statuses a health rule returns. They are the layers' convergence
// vocabulary and part of the report contract.
const (
	// Converged: the object has reached the state its spec declares.
	Converged = "converged"
	// Progressing: the controller is still working towards it.
	Progressing = "progressing"
	// Blocked: it will not get there until someone acts (a setting, a
	// dependency or an approval holds it).
	Blocked = "blocked"
	// Failed: the controller reports a failure.
	Failed = "failed"
	// Suspended: reconciliation is paused on purpose (spec.suspend, a
	// paused rollout).
	Suspended = "suspended"
	// Unknown: the object does not say; missing data never reads as
	// converged.
	Unknown = "unknown"
)

// Statuses lists every status in order of severity, least first.
var Statuses = []string{Converged, Suspended, Progressing, Unknown, Blocked, Failed}

// ValidStatus reports whether s is one of Statuses.
func ValidStatus(s string) bool {
	for _, v := range Statuses {
		if v == s {
			return true
		}
	}
	return false
}

// Result is one judgement of one object.
type Result struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
	// Fields are the paths the judgement read, e.g. status.conditions[type=Ready].
	Fields []string `json:"fields,omitempty"`
	// Rule is the id of the rule that judged (FallbackID for the fallback).
	Rule string `json:"rule"`
}

// GroupKind names a kind of object by API group ("" for the core group)
// and kind, never by the bare kind: apps.kruise.io/StatefulSet is not
// apps/StatefulSet.
type GroupKind struct {
	Group string `json:"group"`
	Kind  string `json:"kind"`
}

// String is group/Kind, or Kind for the core group.
func (gk GroupKind) String() string {
	if gk.Group == "" {
		return gk.Kind
	}
	return gk.Group + "/" + gk.Kind
}

// Of returns the group and kind of o.
func Of(o *bundle.Object) GroupKind {
	return GroupKind{Group: bundle.APIGroup(o.GetAPIVersion()), Kind: o.GetKind()}
}
