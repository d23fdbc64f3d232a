package timeline

import (
	"fmt"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// benignWaiting are waiting reasons of a container that is still starting.
var benignWaiting = map[string]bool{"ContainerCreating": true, "PodInitializing": true, "": true}

// containerEntries adds the state and last state of every container of a
// pod. A waiting state carries no time, so it is placed at the time the
// container last stopped, or when the pod's containers last changed
// readiness, and marked inferred.
func (bd *builder) containerEntries(o *bundle.Object) {
	ready := condTime(o, "ContainersReady")
	if ready.IsZero() {
		ready = o.GetCreationTimestamp().UTC()
	}
	for _, key := range []string{"initContainerStatuses", "containerStatuses", "ephemeralContainerStatuses"} {
		for _, c := range list(o.Object, "status", key) {
			cs, ok := c.(map[string]any)
			if !ok {
				continue
			}
			bd.containerState(o, cs, ready)
		}
	}
}

func (bd *builder) containerState(o *bundle.Object, cs map[string]any, ready time.Time) {
	name := str(cs, "name")
	restarts := num(cs, "restartCount")
	base := Entry{Object: o.Ref(), UID: string(o.GetUID()), Source: SourceContainer,
		File: o.Source.File, Container: name, Type: TypeTransition}
	var lastEnd time.Time
	if t := mapAt(cs, "lastState", "terminated"); t != nil {
		e := terminated(base, t, restarts, "last state")
		lastEnd = e.Time
		bd.add(e)
	}
	st := mapAt(cs, "state")
	switch {
	case st["running"] != nil:
		if t, prec, ok := parseTime(field(st, "running", "startedAt")); ok {
			e := base
			e.Time, e.Precision, e.Reason = t, prec, "Started"
			e.Message = fmt.Sprintf("container %s running (restarts: %d)", name, restarts)
			bd.add(e)
		}
	case st["terminated"] != nil:
		bd.add(terminated(base, mapAt(st, "terminated"), restarts, "state"))
	case st["waiting"] != nil:
		w := mapAt(st, "waiting")
		reason := str(w, "reason")
		e := base
		e.Time, e.Precision, e.Reason = ready, PrecisionInferred, reason
		if !lastEnd.IsZero() {
			e.Time = lastEnd
		}
		if e.Reason == "" {
			e.Reason = "Waiting"
		}
		e.Message = fmt.Sprintf("container %s waiting: %s (restarts: %d)", name, reason, restarts)
		if m := str(w, "message"); m != "" {
			e.Message += ": " + m
		}
		e.Failure = !benignWaiting[reason]
		bd.add(e)
	}
}

// terminated describes a terminated state at its finish time; a non-zero
// exit code or an OOM kill is a failure.
func terminated(base Entry, t map[string]any, restarts int64, which string) Entry {
	e := base
	var ok bool
	e.Time, e.Precision, ok = parseTime(t["finishedAt"])
	if !ok {
		// finishedAt can be missing or unreadable; the start bounds it.
		if e.Time, _, ok = parseTime(t["startedAt"]); ok {
			e.Precision = PrecisionInferred
		}
	}
	code := num(t, "exitCode")
	e.Reason = str(t, "reason")
	if e.Reason == "" {
		e.Reason = "Terminated"
	}
	e.Message = fmt.Sprintf("container %s %s terminated: %s, exit code %d (restarts: %d)", base.Container, which, e.Reason, code, restarts)
	if m := str(t, "message"); m != "" {
		e.Message += ": " + m
	}
	e.Failure = code != 0 || e.Reason == "OOMKilled"
	return e
}

// condTime is the lastTransitionTime of the object's condition typ.
func condTime(o *bundle.Object, typ string) time.Time {
	for _, c := range list(o.Object, "status", "conditions") {
		cm, _ := c.(map[string]any)
		if str(cm, "type") == typ {
			t, _, _ := parseTime(cm["lastTransitionTime"])
			return t
		}
	}
	return time.Time{}
}
