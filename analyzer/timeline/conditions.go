package timeline

import (
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// objectEntries reads the timed facts every object carries: condition
// transitions, container states, lifecycle times and reconciler history.
func (bd *builder) objectEntries() {
	for _, o := range bd.b.Objects {
		if bundle.IsEvent(o) {
			continue
		}
		if o.GetKind() == "Secret" {
			// A Secret has no status; reading it further risks its values.
			bd.lifecycleEntries(o)
			continue
		}
		bd.conditionEntries(o)
		bd.lifecycleEntries(o)
		switch o.GetKind() {
		case "Pod":
			bd.containerEntries(o)
			bd.podSnapshot(o)
		case "Kustomization", "HelmRelease", "Application":
			bd.reconcilerEntries(o)
		}
	}
}

// conditionEntries adds one transition per status condition with a
// lastTransitionTime.
func (bd *builder) conditionEntries(o *bundle.Object) {
	for _, c := range list(o.Object, "status", "conditions") {
		cm, ok := c.(map[string]any)
		if !ok {
			continue
		}
		t, prec, ok := parseTime(cm["lastTransitionTime"])
		if !ok {
			continue
		}
		typ, status, reason := str(cm, "type"), str(cm, "status"), str(cm, "reason")
		label := typ + "=" + status
		if reason == "" {
			reason = label
		}
		msg := label
		if m := str(cm, "message"); m != "" {
			msg += ": " + m
		}
		bd.add(Entry{
			Time: t, Precision: prec, Object: o.Ref(), UID: string(o.GetUID()),
			Type: TypeTransition, Reason: reason, Message: msg,
			Failure: conditionFailed(o.GetKind(), typ, status, reason),
			Source:  SourceCondition, File: o.Source.File,
		})
	}
}

// negativeConditions are condition types whose True status is bad.
var negativeConditions = map[string]bool{
	"Stalled": true, "ReplicaFailure": true, "Degraded": true, "Failed": true,
	"DiskPressure": true, "MemoryPressure": true, "PIDPressure": true,
	"NetworkUnavailable": true, "FailureTarget": true,
}

// inProgressReasons mark a positive condition that is False only because
// work is still going on, which is not yet a failure.
var inProgressReasons = map[string]bool{
	"Progressing": true, "ProgressingWithRetry": true, "NewReplicaSetCreated": true,
	"ReplicaSetUpdated": true, "FoundNewReplicaSet": true, "PodCompleted": true,
	"ScalingDisabled": true,
}

// conditionFailed reports whether a condition in its current status is a
// failed transition. Argo CD conditions (SyncError, ComparisonError, ...)
// are failures by their presence.
func conditionFailed(kind, typ, status, reason string) bool {
	switch {
	case kind == "Application":
		return strings.HasSuffix(typ, "Error") || strings.HasSuffix(typ, "Warning")
	case negativeConditions[typ] || strings.HasSuffix(typ, "Failed") || strings.HasSuffix(typ, "Error"):
		return status == "True"
	case typ == "Reconciling" || typ == "Suspended" || typ == "Complete" || typ == "Terminating" || typ == "ScalingLimited":
		return false
	case status == "False":
		return !inProgressReasons[reason]
	case status == "Unknown":
		return kind == "Node"
	}
	return false
}
