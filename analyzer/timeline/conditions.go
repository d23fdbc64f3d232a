package timeline

import (
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// objectEntries reads the timed facts every object carries: condition
// transitions, container states, lifecycle times and reconciler history.
func (bd *builder) objectEntries() {
	for _, o := range bd.b.Objects {
		kind := o.GetKind()
		if isEvent(o, kind) {
			continue
		}
		if kind == "Secret" {
			// A Secret has no status; reading it further risks its values.
			bd.lifecycleEntries(o, kind)
			continue
		}
		bd.conditionEntries(o, kind)
		bd.lifecycleEntries(o, kind)
		switch kind {
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
func (bd *builder) conditionEntries(o *bundle.Object, kind string) {
	conds := list(o.Object, "status", "conditions")
	if len(conds) == 0 {
		return
	}
	ref, uid := o.Ref(), string(o.GetUID())
	for _, c := range conds {
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
			Time: t, Precision: prec, Object: ref, UID: uid,
			Type: TypeTransition, Reason: reason, Message: msg,
			Failure: conditionFailed(kind, typ, status, reason),
			Source:  SourceCondition, File: o.Source.File,
		})
	}
}

// isEvent is bundle.IsEvent(o) for an object of kind, reading the API
// group only of objects of kind Event.
func isEvent(o *bundle.Object, kind string) bool {
	if kind != "Event" {
		return false
	}
	g := apiGroup(o)
	return g == "" || g == "events.k8s.io"
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
	// An autoscaler that scaled a moment ago waits out its stabilization
	// window with AbleToScale=False: the policy working, not a failure.
	"BackoffBoth": true, "BackoffDownscale": true, "BackoffUpscale": true,
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
