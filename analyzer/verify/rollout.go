package verify

import (
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// rollout is when a workload's current template revision began rolling
// out. Without --before, no-new-restarts counts only the restarts that
// could have happened after it.
type rollout struct {
	// revision is the current template revision as pods-current names it:
	// the pod-template-hash, or the controller-revision-hash pods carry.
	// Empty when the analysis did not find it.
	revision string
	// at is the start, as recorded (raw) and parsed; raw is "" when no
	// start was found.
	raw string
	at  time.Time
	// from names the field the start was read from or, when none was
	// found, what was looked at.
	from string
}

// rolloutStart finds when t's current template revision began rolling out,
// from what the objects record:
//
//   - Deployment: metadata.creationTimestamp of the ReplicaSet whose
//     pod-template-hash is the current one. The Deployment controller
//     creates it when it first sees the template, before any pod of it
//     exists. The Progressing condition is not read: its
//     lastTransitionTime stays put while the status stays True (it can be
//     as old as the Deployment), and its lastUpdateTime moves with every
//     step of the rollout, so it would start the count late.
//   - StatefulSet, DaemonSet: metadata.creationTimestamp of the
//     ControllerRevision of the current revision (the one named by a
//     StatefulSet's status.updateRevision; for a DaemonSet, the one whose
//     controller-revision-hash label its current pods carry).
//   - Otherwise (that object is not in the bundle or records no
//     creationTimestamp): the earliest creationTimestamp of the pods on the
//     current revision. Pods are created after their revision, so this
//     start can be later than the real one; it is the last resort.
//
// A rollback reuses the ReplicaSet or ControllerRevision of the earlier
// template, so its start is when that template first rolled out: earlier
// than the rollback, which counts more restarts, never fewer. The Flux or
// Argo apply time is not read: verify reads which revision was applied,
// not when, and an apply that leaves a workload's template alone starts no
// rollout of it.
//
// When no start is found, rollout.raw is "" and from says what was
// missing; every restart then counts.
func (v *verifier) rolloutStart(t target, ps []pod) rollout {
	r := rollout{revision: currentRevision(t.w)}
	if r.revision == "" {
		r.from = "the current template revision is not recorded"
		return r
	}
	kind, desc := "ControllerRevision", "ControllerRevision "+r.revision
	if t.ref.Kind == "Deployment" {
		kind, desc = "ReplicaSet", "ReplicaSet with pod-template-hash "+r.revision
	}
	var missing string
	if rev := v.revisionObject(t, kind, r.revision); rev == nil {
		missing = desc + " is not in the bundle"
	} else if raw, at, ok := creation(rev); !ok {
		missing = rev.Ref().String() + " records no metadata.creationTimestamp"
	} else {
		r.raw, r.at = raw, at
		r.from = rev.Ref().String() + " metadata.creationTimestamp"
		return r
	}
	var first *bundle.Object
	for _, p := range ps {
		if !p.Current || p.Revision != r.revision || p.obj == nil {
			continue
		}
		if raw, at, ok := creation(p.obj); ok && (first == nil || at.Before(r.at)) {
			first, r.raw, r.at = p.obj, raw, at
		}
	}
	if first == nil {
		r.from = missing + ", nor does a pod on it record a creationTimestamp"
		return r
	}
	r.from = fmt.Sprintf("%s metadata.creationTimestamp, the earliest pod on the revision: %s", first.Ref(), missing)
	return r
}

// currentRevision is the revision pods-current checks against, read from
// the controller layer ("pod-template-hash H" or
// "controller-revision-hash H"); "" when the layer names none.
func currentRevision(w *layers.Workload) string {
	label, rev, _ := strings.Cut(controllerRevision(w), " ")
	if label == "pod-template-hash" || label == "controller-revision-hash" {
		return rev
	}
	return ""
}

// revisionObject finds t's ReplicaSet or ControllerRevision of the current
// revision among the objects t owns. A StatefulSet's pods carry the
// ControllerRevision's name, a DaemonSet's its controller-revision-hash
// label.
func (v *verifier) revisionObject(t target, kind, rev string) *bundle.Object {
	if t.obj.GetUID() == "" {
		// Children files objects without an owner UID under "": they are
		// not this workload's.
		return nil
	}
	for _, c := range v.b.Index.Children(t.obj.GetUID()) {
		if c.GetKind() != kind {
			continue
		}
		if kind == "ReplicaSet" && labelValue(c, "pod-template-hash") == rev ||
			kind == "ControllerRevision" && (c.GetName() == rev || labelValue(c, "controller-revision-hash") == rev) {
			return c
		}
	}
	return nil
}

// labelValue reads one label in place (GetLabels copies the map).
func labelValue(o *bundle.Object, key string) string {
	md, _ := o.Object["metadata"].(map[string]any)
	l, _ := md["labels"].(map[string]any)
	s, _ := l[key].(string)
	return s
}

// creation is o's metadata.creationTimestamp as recorded and parsed.
func creation(o *bundle.Object) (string, time.Time, bool) {
	md, _ := o.Object["metadata"].(map[string]any)
	raw, _ := md["creationTimestamp"].(string)
	at, ok := parseTime(raw)
	return raw, at, ok
}

// parseTime parses a Kubernetes time (RFC 3339, optional fraction). The
// loader already dropped malformed times, so false means not recorded.
func parseTime(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t.UTC(), err == nil
}

// provenBefore reports whether the moment recorded as raw was certainly
// before start. Kubernetes writes whole seconds, dropping the fraction, so
// a second-precise time may stand for any moment up to a second later:
// the same second as the start is not proven earlier.
func provenBefore(raw string, start time.Time) bool {
	t, ok := parseTime(raw)
	if !ok {
		return false
	}
	if !strings.Contains(raw, ".") {
		t = t.Add(time.Second - time.Nanosecond)
	}
	return t.Before(start)
}
